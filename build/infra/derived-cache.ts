// A cache in node_modules/.cache for what the build derives from its own code alone (the explorer's script, the
// compiled schema validators) or from its code and one input file (a data file's parsed rows), keyed by the digest of
// the build's code and its locked packages. It only saves time: a miss, a read-only node_modules or a deleted cache
// gives the same output.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_ROOT = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'open-ev-build');

let codeDigestMemo: string | undefined;

/**
 * Digest of the build's code: build/**\/*.ts and package-lock.json (which pins ajv, zod, esbuild and every other tool),
 * computed once per process. The build state and this cache are both keyed by it.
 */
export function codeDigest(): string {
  if (codeDigestMemo === undefined) {
    const hash = createHash('sha256');
    const code = readdirSync(path.join(PROJECT_ROOT, 'build'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `build/${file.split(path.sep).join('/')}`)
      .sort();
    for (const file of [...code, 'package-lock.json']) {
      hash.update(`${file}\0`);
      try {
        hash.update(readFileSync(path.join(PROJECT_ROOT, file)));
      } catch {
        hash.update('missing');
      }
    }
    codeDigestMemo = hash.digest('hex').slice(0, 24);
  }
  return codeDigestMemo;
}

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
