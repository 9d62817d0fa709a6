// A cache in node_modules/.cache for what the build derives from its own code alone (the explorer's script, the
// compiled schema validators): keyed by a digest of every build/ source plus the tools' versions. It only saves time:
// a miss, a read-only node_modules or a deleted cache gives the same output.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILD_DIR = path.join(PROJECT_ROOT, 'build');
const CACHE_ROOT = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'open-ev-build');

let sources: string | undefined;
/** sha256 of every build/ source file (path and bytes), computed once per process. */
function buildSourcesDigest(): string {
  if (sources === undefined) {
    const hash = createHash('sha256');
    for (const file of fg.sync('**/*.{ts,mts,mjs,css}', { cwd: BUILD_DIR }).sort()) hash.update(`${file}\0`).update(readFileSync(path.join(BUILD_DIR, file))).update('\0');
    sources = hash.digest('hex');
  }
  return sources;
}

/**
 * The cached text for `name`, else `produce()`'s (then stored, atomically). `tools` names what else shapes the text
 * (package versions). Returns the file's path too (null when it could not be stored), for text loaded as a module.
 */
export function cachedText(name: string, extension: string, tools: string, produce: () => string, cacheRoot = CACHE_ROOT): { text: string; file: string | null } {
  const key = createHash('sha256').update(`${buildSourcesDigest()}\0${tools}`).digest('hex').slice(0, 32);
  const file = path.join(cacheRoot, `${name}-${key}${extension}`);
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
