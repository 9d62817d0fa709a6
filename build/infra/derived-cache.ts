// A cache in node_modules/.cache for what the build derives from its own code alone (the explorer's script, the
// compiled schema validators) or from its code and one input file (a data file's parsed rows), keyed by the digest of
// the build's code and its locked packages. It only saves time: a miss, a read-only node_modules or a deleted cache
// gives the same output.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileStamps } from './file-stamps.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_ROOT = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'open-ev-build');

/** The TypeScript files under `folder` of `project` (relative to it), by a walk: readdirSync's recursion is ten times slower. */
function typeScriptFiles(project: string, folder: string): string[] {
  return readdirSync(path.join(project, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return typeScriptFiles(project, file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The digest of the contents of `files` (relative to `project`). */
function contentDigest(project: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(path.join(project, file)));
    } catch {
      hash.update('missing');
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * Digest of the code of `project`: build/**\/*.ts and package-lock.json (which pins ajv, zod, esbuild and every other
 * tool). The digest of their contents is kept in `cacheRoot` under the files' stamps (file-stamps.ts), so that
 * unchanged code is stat'ed instead of read; a digest whose stamps are racy is not kept.
 */
export function codeDigestOf(project: string, cacheRoot: string, now = Date.now()): string {
  const files = [...typeScriptFiles(project, 'build').sort(), 'package-lock.json'];
  const { lines, racy } = fileStamps(project, files, now);
  const folder = path.join(cacheRoot, 'code-digest');
  const kept = path.join(folder, createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 24));
  try {
    return readFileSync(kept, 'utf8');
  } catch {
    const digest = contentDigest(project, files);
    if (!racy)
      try {
        mkdirSync(folder, { recursive: true });
        for (const other of readdirSync(folder)) rmSync(path.join(folder, other), { force: true });
        const temporary = `${kept}.${process.pid}.tmp`;
        writeFileSync(temporary, digest);
        renameSync(temporary, kept);
      } catch {
        // Not kept: the next process reads the files again.
      }
    return digest;
  }
}

let codeDigestMemo: string | undefined;

/** Digest of the build's own code (codeDigestOf this project), once per process: the build state and this cache are keyed by it. */
export const codeDigest = (): string => (codeDigestMemo ??= codeDigestOf(PROJECT_ROOT, CACHE_ROOT));

/**
 * The cached text for `name` under the current code digest, else `produce()`'s (then stored, atomically). Returns the
 * file's path too (null when it could not be stored), for text loaded as a module.
 */
export function cachedText(
  name: string,
  extension: string,
  produce: () => string,
  cacheRoot = CACHE_ROOT,
): { text: string; file: string | null } {
  const file = path.join(cacheRoot, `${name}-${codeDigest()}${extension}`);
  try {
    return { text: readFileSync(file, 'utf8'), file };
  } catch {
    const text = produce();
    try {
      mkdirSync(cacheRoot, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, file);
      return { text, file };
    } catch {
      return { text, file: null };
    }
  }
}

/** Where the value derived from `input` under `name` is kept, for the current code. */
function valueEntry(name: string, input: Buffer, cacheRoot: string): { folder: string; entry: string } {
  const digest = createHash('sha256').update(input).digest('hex').slice(0, 24);
  return { folder: path.join(cacheRoot, name), entry: `${codeDigest()}-${digest}.v8` };
}

/** The value kept under `name` for `input` and the current code, or undefined when there is none. */
export function readCachedValue<T>(name: string, input: Buffer, cacheRoot = CACHE_ROOT): T | undefined {
  const { folder, entry } = valueEntry(name, input, cacheRoot);
  try {
    return deserialize(readFileSync(path.join(folder, entry))) as T;
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `name` for `input` (atomically), dropping the entries of `name` for other inputs. */
export function storeCachedValue(name: string, input: Buffer, value: unknown, cacheRoot = CACHE_ROOT): void {
  const { folder, entry } = valueEntry(name, input, cacheRoot);
  try {
    mkdirSync(folder, { recursive: true });
    const temporary = path.join(folder, `${entry}.${process.pid}.tmp`);
    writeFileSync(temporary, serialize(value));
    renameSync(temporary, path.join(folder, entry));
    for (const other of readdirSync(folder))
      if (other !== entry && other.endsWith('.v8')) rmSync(path.join(folder, other), { force: true });
  } catch {
    // Not stored: the next run derives it again.
  }
}

/**
 * What `produce()` derives from `input`, kept (serialised with node:v8) under `name`, the input's digest and the code
 * digest. Storing it drops the entries of `name` for other inputs, so the cache holds one per name.
 */
export function cachedValue<T>(name: string, input: Buffer, produce: () => T, cacheRoot = CACHE_ROOT): T {
  const cached = readCachedValue<T>(name, input, cacheRoot);
  if (cached !== undefined) return cached;
  const value = produce();
  storeCachedValue(name, input, value, cacheRoot);
  return value;
}
