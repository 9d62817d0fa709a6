// The identity of files as the file system gives it (path, size, inode, modification and change times), the key of
// what is derived from them without reading them: any write to a file changes its change time, which no tool can set
// back, so unchanged stamps mean unchanged files. But the file system's clock moves in steps, so a file changed in the
// last moments could change again under the same stamp ("racy", as git calls it): what is derived then must not be kept.
import { statSync } from 'node:fs';
import path from 'node:path';

/** A change this recent may be followed by another within the same step of the file system's clock. */
const RACY_MS = 2000;

export interface FileStamps {
  /** One line per file (relative to the root), in the order given; a file that cannot be stat'ed is named missing. */
  lines: string[];
  /** Whether a file changed too recently for its stamp to tell its content (see above). */
  racy: boolean;
}

export function fileStamps(root: string, files: readonly string[], now = Date.now()): FileStamps {
  let newest = 0n;
  const lines = files.map((file) => {
    const stat = statSync(path.join(root, file), { bigint: true, throwIfNoEntry: false });
    if (!stat) return `${file}\0missing`;
    for (const time of [stat.mtimeNs, stat.ctimeNs]) if (time > newest) newest = time;
    return `${file}\0${stat.size}\0${stat.ino}\0${stat.mtimeNs}\0${stat.ctimeNs}`;
  });
  return { lines, racy: Number(newest / 1_000_000n) > now - RACY_MS };
}
