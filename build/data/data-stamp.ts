// The stamp of every file under data/ (build/infra/file-stamps.ts): the key of what is derived from the whole folder,
// and whether a file changed too recently for what is derived to be kept.
import path from 'node:path';
import { fileStamps } from '../infra/file-stamps.ts';
import { filesUnder } from '../infra/files-under.ts';

export interface DataStamp {
  key: Buffer;
  /** Whether a file changed too recently for the stamp to tell its content (see file-stamps.ts). */
  racy: boolean;
}

export function dataStamp(dataDir: string, now = Date.now()): DataStamp {
  const { lines, racy } = fileStamps(dataDir, filesUnder(dataDir).sort(), now);
  return { key: Buffer.from([path.resolve(dataDir), ...lines].join('\n')), racy };
}
