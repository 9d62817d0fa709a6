// A cache in node_modules/.cache for what the build derives from its own code alone (the explorer's script, the
// compiled schema validators), keyed by the digest of the build's code and its locked packages. It only saves time:
// a miss, a read-only node_modules or a deleted cache gives the same output.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

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
    for (const file of [...fg.sync('build/**/*.ts', { cwd: PROJECT_ROOT }).sort(), 'package-lock.json']) {
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
export function cachedText(name: string, extension: string, produce: () => string, cacheRoot = CACHE_ROOT): { text: string; file: string | null } {
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
