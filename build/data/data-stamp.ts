// The identity of every file under data/ as the file system gives it (path, size, inode, modification and change
// times): the key of what is derived from the whole folder. Any write to a file changes its change time, which no tool
// can set back, so an unchanged stamp means unchanged files without reading them; but the file system's clock moves in
// steps of milliseconds, so a file changed in the last moments could change again under the same stamp ("racy", as
// git calls it): what is derived then must not be kept.
import { statSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../infra/files-under.ts';

/** A change this recent may be followed by another within the same step of the file system's clock. */
const RACY_MS = 2000;

export interface DataStamp {
  key: Buffer;
  /** Whether a file changed too recently for the stamp to tell its content (see above). */
  racy: boolean;
}

export function dataStamp(dataDir: string, now = Date.now()): DataStamp {
  const lines = [path.resolve(dataDir)];
  let newest = 0n;
  for (const file of filesUnder(dataDir).sort()) {
    const stat = statSync(path.join(dataDir, file), { bigint: true });
    lines.push(`${file}\0${stat.size}\0${stat.ino}\0${stat.mtimeNs}\0${stat.ctimeNs}`);
    for (const time of [stat.mtimeNs, stat.ctimeNs]) if (time > newest) newest = time;
  }
  return { key: Buffer.from(lines.join('\n')), racy: Number(newest / 1_000_000n) > now - RACY_MS };
}
