// The SQLite export on a thread of its own (write-exports.ts starts it): it reads the committed tree for itself and
// writes dataset.sqlite while the thread that started it writes the other formats; posts its milliseconds of writing.
import { parentPort, workerData } from 'node:worker_threads';
import { writeFormats } from './export-pass.ts';
import { ReleaseTree } from './release-tree.ts';
import { SqliteExport } from './sqlite-export.ts';

/** What the thread is started with (its workerData). */
export interface SqliteTask {
  publicDir: string;
  outDir: string;
  /** The release's versions and licences, for the metadata table. */
  metadata: Record<string, string>;
}

const { publicDir, outDir, metadata } = workerData as SqliteTask;
// A failure is thrown: the starting thread receives it as the worker's 'error' event, message and stack included.
const { sqlite } = writeFormats(new ReleaseTree(publicDir), { sqlite: () => new SqliteExport(outDir, metadata) });
parentPort!.postMessage(sqlite);
