// The build's writing alone, for the benchmark: a built tree's files, read into memory first, written again into an
// empty folder through the build's own TreeWriter on as many threads as a full pass of the tree's world uses, then
// committed. Prints {ms, files, threads} as JSON: the time a build takes with nothing to derive, render or validate.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fg from 'fast-glob';
import { estimatedPairings, passThreads } from '../../build/pipeline/full-pass.ts';
import { OWNED_PATHS } from '../../build/render/layout.ts';
import { TreeWriter, type WriterShare } from '../../build/write/tree-writer.ts';

interface Share {
  tree: string;
  files: string[];
  share: WriterShare;
}

/** A thread's files, read before the clock starts. */
const load = (tree: string, files: string[]) => files.map((file) => [file, readFileSync(`${tree}/${file}`)] as const);

const writeAll = (writer: TreeWriter, files: ReturnType<typeof load>) => {
  for (const [file, body] of files) writer.write(file, body);
};

if (isMainThread) {
  const [tree, publicDir, dataDir] = process.argv.slice(2) as [string, string, string];
  // Sorted paths in contiguous shares: each thread writes its own folders, as the build's threads write their vehicles'.
  const files = fg.sync('**/*', { cwd: tree, onlyFiles: true }).sort();
  const threads = passThreads(estimatedPairings(dataDir));
  const shares = Array.from({ length: threads }, (_, thread) =>
    files.slice(Math.floor((thread * files.length) / threads), Math.floor(((thread + 1) * files.length) / threads)),
  );
  const writer = new TreeWriter(publicDir, OWNED_PATHS);
  const task = (files: string[]): Share => ({ tree, files, share: writer.share() });
  const helpers = shares.slice(1).map((share) => new Worker(new URL(import.meta.url), { workerData: task(share) }));
  const ready = helpers.map((helper) => once(helper, 'message'));
  const own = load(tree, shares[0]!);
  await Promise.all(ready);
  const started = performance.now();
  const reports = helpers.map((helper) => once(helper, 'message'));
  for (const helper of helpers) helper.postMessage('write');
  writeAll(writer, own);
  for (const [report] of await Promise.all(reports)) writer.absorb(report as ReturnType<TreeWriter['report']>);
  await writer.commit();
  const ms = performance.now() - started;
  for (const helper of helpers) void helper.terminate();
  console.log(JSON.stringify({ ms, files: files.length, threads }));
} else {
  const { tree, files, share } = workerData as Share;
  const writer = TreeWriter.join(share);
  const own = load(tree, files);
  parentPort!.once('message', () => {
    writeAll(writer, own);
    parentPort!.postMessage(writer.report());
  });
  parentPort!.postMessage('ready');
}
