// The exports of a release (NDJSON, CSV, SQLite) of the tree a publishing build committed, on two threads: this one
// writes NDJSON and CSV in one pass over the tree, a second (sqlite-thread.ts) reads the tree itself for SQLite. Counts
// are checked against /api/v1 on both before anything is kept.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExportInfo, IndexInfo } from '../api/schemas.ts';
import { EXPORT_FILES } from '../core/export-files.ts';
import { threadAnswer } from '../infra/thread-answer.ts';
import { layout } from '../render/layout.ts';
import { CsvExport } from './csv-export.ts';
import { writeFormats, type ExportTimes } from './export-pass.ts';
import { NdjsonExport } from './ndjson-export.ts';
import { ReleaseTree } from './release-tree.ts';
import type { SqliteTask } from './sqlite-thread.ts';

export interface ReleaseStamp {
  datasetVersion: string;
  releasedAt: string;
  dataDigest: string;
}

/** A file's size and SHA-256, read in 1 MB pieces. */
function digestOf(file: string): { bytes: number; sha256: string } {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1024 * 1024);
  const fd = openSync(file, 'r');
  let bytes = 0;
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      hash.update(buffer.subarray(0, read));
      bytes += read;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}

export interface ExportsResult {
  files: ExportInfo[];
  ms: ExportTimes;
}

/** The release's versions and licences, as the SQLite file's metadata table holds them. */
const metadataOf = (index: IndexInfo, release: ReleaseStamp): Record<string, string> => ({
  apiVersion: index.apiVersion,
  datasetVersion: release.datasetVersion,
  derivationVersion: index.derivationVersion,
  releasedAt: release.releasedAt,
  dataDigest: release.dataDigest,
  licenseCode: index.license.code,
  licenseData: index.license.data,
  licenseUrl: index.license.url,
  attribution: index.license.attribution,
});

/** The SQLite thread: `done` resolves with its milliseconds of writing, or rejects with its failure; stop() ends it. */
function startSqliteThread(task: SqliteTask): { done: Promise<number>; stop(): Promise<number> } {
  const worker = new Worker(new URL('./sqlite-thread.ts', import.meta.url), { workerData: task });
  const done = threadAnswer<number>(worker, 'exports: the SQLite thread');
  done.catch(() => {}); // read by the caller, or the thread was stopped after another failure
  return { done, stop: () => worker.terminate() };
}

/**
 * Writes every export of the tree at `publicDir` into `outDir` (an empty folder): the SQLite file on a thread of its
 * own (sqlite-thread.ts), which reads the tree for itself, while this thread writes the NDJSON and CSV files.
 */
export async function writeExports(publicDir: string, outDir: string, release: ReleaseStamp): Promise<ExportsResult> {
  const tree = new ReleaseTree(publicDir);
  const { index } = tree;
  if (index.datasetVersion !== release.datasetVersion)
    throw new Error(
      `exports: the tree holds dataset ${index.datasetVersion}, not the release ${release.datasetVersion}`,
    );
  const sqlite = startSqliteThread({ publicDir, outDir, metadata: metadataOf(index, release) });
  let own: ReturnType<typeof writeFormats>;
  try {
    own = writeFormats(tree, { ndjson: () => new NdjsonExport(outDir), csv: () => new CsvExport(outDir) });
  } catch (error) {
    await sqlite.stop();
    throw error;
  }
  const sqliteMs = await sqlite.done;
  const files = EXPORT_FILES.map(({ name }) => {
    const { bytes, sha256 } = digestOf(path.join(outDir, name));
    return { name, path: `/${layout.exportFile(name)}`, bytes, sha256 };
  });
  return { files, ms: { read: own.read, ndjson: own.ndjson!, csv: own.csv!, sqlite: sqliteMs } };
}
