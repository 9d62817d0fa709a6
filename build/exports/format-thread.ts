// An export format on a thread of its own (write-exports.ts starts it, build/exports/formats.ts says which): it reads
// the committed tree for itself and writes the format's files while the thread that started it writes the others;
// posts its milliseconds of writing.
import { parentPort, workerData } from 'node:worker_threads';
import type { ExportFormat } from '../core/export-files.ts';
import { writeFormats } from './export-pass.ts';
import { FORMAT_WRITERS, type ExportContext } from './formats.ts';
import { ReleaseTree } from './release-tree.ts';

/** What the thread is started with (its workerData). */
export interface FormatTask extends ExportContext {
  format: ExportFormat;
  publicDir: string;
}

const { format, publicDir, outDir, metadata } = workerData as FormatTask;
// A failure is thrown: the starting thread receives it as the worker's 'error' event, message and stack included.
const open = await FORMAT_WRITERS[format].load();
const ms = writeFormats(new ReleaseTree(publicDir), { [format]: () => open({ outDir, metadata }) });
parentPort!.postMessage(ms[format]);
