// The exports of a release (every format of build/core/export-files.ts) of the tree a publishing build committed: this
// thread writes the formats that share one pass over the tree, each format of a thread of its own (formats.ts) is
// written by format-thread.ts, which reads the tree itself. Counts are checked against /api/v1 on each before anything
// is kept.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExportInfo, IndexInfo } from '../api/schemas.ts';
import { EXPORT_FILES, EXPORT_FORMAT_NAMES, EXPORT_FORMATS, type ExportFormat } from '../core/export-files.ts';
import { threadAnswer } from '../core/thread-answer.ts';
import { layout } from '../render/layout.ts';
import { writeFormats, type ExportTimes } from './export-pass.ts';
import type { FormatTask } from './format-thread.ts';
import { FORMAT_WRITERS, type ExportContext } from './formats.ts';
import { ReleaseTree } from './release-tree.ts';

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

/** A format's thread: `done` resolves with its milliseconds of writing, or rejects with its failure; stop() ends it. */
function startFormatThread(task: FormatTask): { format: ExportFormat; done: Promise<number>; stop(): Promise<number> } {
  const worker = new Worker(new URL('./format-thread.ts', import.meta.url), { workerData: task });
  const done = threadAnswer<number>(worker, `exports: the ${EXPORT_FORMATS[task.format].label} thread`);
  done.catch(() => {}); // read by the caller, or the thread was stopped after another failure
  return { format: task.format, done, stop: () => worker.terminate() };
}

/**
 * Writes every export of the tree at `publicDir` into `outDir` (an empty folder): each format of a thread of its own
 * there (format-thread.ts reads the tree for itself), while this thread writes the other formats in one pass.
 */
export async function writeExports(publicDir: string, outDir: string, release: ReleaseStamp): Promise<ExportsResult> {
  const tree = new ReleaseTree(publicDir);
  const { index } = tree;
  if (index.datasetVersion !== release.datasetVersion)
    throw new Error(
      `exports: the tree holds dataset ${index.datasetVersion}, not the release ${release.datasetVersion}`,
    );
  const context: ExportContext = { outDir, metadata: metadataOf(index, release) };
  const threaded = EXPORT_FORMAT_NAMES.filter((format) => FORMAT_WRITERS[format].ownThread);
  const threads = threaded.map((format) => startFormatThread({ format, publicDir, ...context }));
  const stopThreads = () => Promise.all(threads.map((thread) => thread.stop()));
  let own: ReturnType<typeof writeFormats>;
  let threadMs: number[];
  try {
    const shared = EXPORT_FORMAT_NAMES.filter((format) => !FORMAT_WRITERS[format].ownThread);
    const opens = await Promise.all(shared.map((format) => FORMAT_WRITERS[format].load()));
    own = writeFormats(tree, Object.fromEntries(shared.map((format, i) => [format, () => opens[i]!(context)])));
    threadMs = await Promise.all(threads.map((thread) => thread.done));
  } catch (error) {
    await stopThreads();
    throw error;
  }
  const files = EXPORT_FILES.map(({ name }) => {
    const { bytes, sha256 } = digestOf(path.join(outDir, name));
    return { name, path: `/${layout.exportFile(name)}`, bytes, sha256 };
  });
  const ms = { ...own, ...Object.fromEntries(threads.map((thread, i) => [thread.format, threadMs[i]!])) };
  return { files, ms: ms as ExportTimes };
}
