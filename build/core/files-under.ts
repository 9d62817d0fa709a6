// Every file under a folder, as relative paths with "/" (dot files included, folders and symbolic links left out):
// what the build's writers and the bundle walk, without loading a glob library for it.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
