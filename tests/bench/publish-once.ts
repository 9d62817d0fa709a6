// One publishing build of the shipped data in its own process, for the benchmark: a released copy of data/ (made once),
// built in full (the exports and the bundle included), then its exports and its bundle with and without them, each
// timed on its own; prints the figures as JSON.
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { readRelease } from '../../build/data/release-file.ts';
import { writeExports } from '../../build/exports/write-exports.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { isMirrorFile } from '../../build/pipeline/publish-mirror.ts';
import { NothingToRelease, releaseDataset } from '../../build/release/release.ts';
import { layout } from '../../build/render/layout.ts';
import { folderSources, writeBundle } from '../../build/write/bundle.ts';

const [source, project, publicDir] = process.argv.slice(2) as [string, string, string];
if (!existsSync(path.join(project, 'data'))) {
  cpSync(path.join(source, 'data'), path.join(project, 'data'), { recursive: true });
  const last = readRelease(path.join(project, 'data'));
  try {
    await releaseDataset({ root: project, date: last?.releasedAt ?? '2026-01-01' });
  } catch (error) {
    if (!(error instanceof NothingToRelease)) throw error;
  }
}
const timed = async <T>(task: () => T | Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await task();
  return [result, performance.now() - started];
};
const [, buildMs] = await timed(() => buildSite({ root: project, publicDir, history: 'enforce', full: true }));
const release = readRelease(path.join(project, 'data'))!;
const scratch = mkdtempSync(path.join(path.dirname(publicDir), 'publish-once-'));
const [exported, exportsMs] = await timed(() => writeExports(publicDir, scratch, release));
const bundle = async (name: string, exclude: (file: string) => boolean) => {
  const [result, ms] = await timed(() =>
    writeBundle(folderSources(publicDir, 'public/', exclude), path.join(scratch, name)),
  );
  return { ms, bytes: result.bundleBytes };
};
const withExports = await bundle('with.tar.gz', isMirrorFile);
const withoutExports = await bundle('without.tar.gz', (f) => isMirrorFile(f) || f.startsWith(layout.exportsFolder()));
console.log(
  JSON.stringify({
    buildMs,
    exportsMs,
    formats: exported.ms,
    files: exported.files.map(({ name, bytes }) => ({ name, bytes })),
    withExports,
    withoutExports,
  }),
);
