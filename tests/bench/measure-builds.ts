// The build's figures for `npm run bench`: a full build of the medium world against `tar -x` of the same tree, both
// timed as whole processes, and the build's writing alone against both; rebuilds after one changed row; the mirror
// bundle; peak RSS of full builds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { stateFile } from '../../build/pipeline/build-state.ts';
import { releasesDir } from '../../build/write/releases.ts';
import { column } from '../helpers/rows.ts';
import { median, secondsWithRuns, type Figures } from './figures.ts';
import { writeSyntheticWorld, type WorldSize } from './synthetic-world.ts';

/** How package.json's scripts run TypeScript (Node 24 strips the types natively). */
export const RUN_TYPESCRIPT = ['--import', './build/cli/run-typescript.mjs'];

/** The Node flags `npm run build` runs with (package.json), so that the bench measures the same process (heap bound). */
export const BUILD_FLAGS = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { build: string } }
).scripts.build
  .split(' ')
  .filter((word) => /^--max-(old|semi)-space-size=/.test(word));

/**
 * A built tree removed whole: the served link, the release folders beside it and the build state. With the link alone
 * removed, the next build into the same path deletes the orphaned release folder on a thread while it runs.
 */
export function removeBuilt(publicDir: string): void {
  rmSync(publicDir, { recursive: true, force: true });
  rmSync(releasesDir(publicDir), { recursive: true, force: true });
  rmSync(stateFile(publicDir), { force: true });
}

/** Flushes dirty pages so one measurement does not pay for the previous one's writes. */
export const settle = () => execFileSync('sync');

function timed(command: string, args: string[]): { ms: number; stdout: string } {
  const started = performance.now();
  const stdout = execFileSync(command, args, { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 24 }).toString();
  return { ms: performance.now() - started, stdout };
}

/** `npm run build -- --preview` as one whole process (start-up, module loading and all), and the time it reports. */
export function buildProcess(root: string, publicDir: string): { ms: number; inProcessMs: number } {
  const { ms, stdout } = timed(process.execPath, [
    ...BUILD_FLAGS,
    ...RUN_TYPESCRIPT,
    'build/cli/build.ts',
    ...['--root', root, '--public', publicDir, '--preview'],
  ]);
  return { ms, inProcessMs: Number(/ in (\d+) ms /.exec(stdout)?.[1]) };
}

/** The build's writer alone (write-floor-once.ts) rewriting `tree` into `publicDir`: milliseconds, inside the process. */
function writeAlone(tree: string, publicDir: string, dataDir: string): number {
  const { stdout } = timed(process.execPath, [
    ...BUILD_FLAGS,
    ...RUN_TYPESCRIPT,
    'tests/bench/write-floor-once.ts',
    ...[tree, publicDir, dataDir],
  ]);
  return (JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number }).ms;
}

/** One build in its own process, measured inside it: {ms, maxRssMb, written, files}. */
function buildOnce(root: string, publicDir: string): { ms: number; maxRssMb: number; written: number; files: number } {
  const { stdout } = timed(process.execPath, [
    ...BUILD_FLAGS,
    ...RUN_TYPESCRIPT,
    'tests/bench/build-once.ts',
    root,
    publicDir,
  ]);
  return JSON.parse(stdout.trim().split('\n').pop()!) as ReturnType<typeof buildOnce>;
}

const digest = (dir: string) =>
  new Map(
    fg.sync('**/*', { cwd: dir, onlyFiles: true }).map((f) => [
      f,
      createHash('sha1')
        .update(readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );

/** `text` with its first data row (after the header) that `test` accepts rewritten by `edit`. */
/** A vehicle line's cells before its DC peak, and the peak where it is a whole number. */
const MAX_DC_CELL = new RegExp(`^((?:[^,]*,){${column('vehicles', 'max_dc_kw_oem') - 1}})(\\d+),`);

function replaceLine(text: string, test: (line: string) => boolean, edit: (line: string) => string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line, i) => i > 0 && test(line));
  lines[at] = edit(lines[at]!);
  return lines.join('\n');
}

interface Context {
  figures: Figures;
  work: string;
  runs: number;
}

/**
 * Full builds of medium against the tar floor, side by side, alternating, each into an empty folder. A first build,
 * not timed, makes the tar and fills the derived cache (parsed tables, compiled validators, the explorer's script) as
 * any build after the first finds it.
 */
function fullBuildAgainstTar({ figures, work, runs }: Context, medium: string) {
  const builds: number[] = [];
  const inProcess: number[] = [];
  const floors: number[] = [];
  const writes: number[] = [];
  const reference = path.join(work, 'medium.tar');
  buildProcess(medium, path.join(work, 'medium-warm-up'));
  execFileSync('tar', ['-cf', reference, '-C', path.join(work, 'medium-warm-up'), '.']);
  rmSync(path.join(work, 'medium-warm-up'), { recursive: true, force: true });
  for (let run = 0; run < runs; run += 1) {
    const out = path.join(work, `medium-public-${run}`);
    settle();
    const build = buildProcess(medium, out);
    builds.push(build.ms);
    inProcess.push(build.inProcessMs);
    const target = path.join(work, `tar-${run}`);
    mkdirSync(target);
    settle();
    floors.push(timed('tar', ['-xf', reference, '-C', target]).ms);
    rmSync(target, { recursive: true, force: true });
    settle();
    writes.push(writeAlone(out, target, path.join(medium, 'data')));
    rmSync(target, { recursive: true, force: true });
    if (run > 0) rmSync(out, { recursive: true, force: true });
  }
  const publicDir = path.join(work, 'medium-public-0');
  const files = fg.sync('**/*', { cwd: publicDir, onlyFiles: true }).length;
  figures.report('medium world', `500 vehicles × 200 chargers: ${files} files, written under ${path.dirname(work)}`);
  figures.report('full build, whole process, medium (median)', secondsWithRuns(builds));
  figures.report('  of which inside the build (median)', secondsWithRuns(inProcess));
  figures.report('tar -x of the same tree, whole process (median)', secondsWithRuns(floors));
  const ratio = median(builds) / median(floors);
  figures.report('full build ÷ tar -x', ratio.toFixed(2), { atMost: 1.3, actual: ratio, text: 'target ≤ 1.3' });
  figures.report(
    "the build's writing alone: the tree from memory, same threads (median)",
    `${secondsWithRuns(writes)} = ${(median(writes) / median(floors)).toFixed(2)} × tar -x`,
  );
  return { publicDir, fullBuildMs: median(inProcess) };
}

/** Rebuilds over the tree after one changed row of each kind (inside the build, against the full build inside it). */
function rebuilds({ figures, runs }: Context, medium: string, publicDir: string, fullBuildMs: number) {
  // The first rebuild of a tree built from nothing makes its folder by hard links of every file (there is no older
  // release to bring up to date); every later one renames the release before the previous one and applies the
  // previous build's changes (build/write/releases.ts). The row rebuilds below are of that steady state.
  const first = buildOnce(medium, publicDir);
  figures.report(
    'first rebuild of a new tree (no change; links every file)',
    `${(first.ms / 1000).toFixed(2)} s = ${((100 * first.ms) / fullBuildMs).toFixed(1)} % of the full build`,
  );
  /** The median of `runs` rebuilds after the change (each undone and rebuilt before the next); files from the first. */
  const rebuildAfter = (name: string, file: string, change: (text: string) => string) => {
    const full = path.join(medium, 'data', file);
    const original = readFileSync(full, 'utf8');
    const ms: number[] = [];
    let written = 0;
    let changed = 0;
    for (let run = 0; run < runs; run += 1) {
      const before = run === 0 ? digest(publicDir) : null;
      writeFileSync(full, change(original));
      settle();
      const result = buildOnce(medium, publicDir);
      ms.push(result.ms);
      if (before) {
        const after = digest(publicDir);
        written = result.written;
        changed =
          [...after].filter(([f, hash]) => before.get(f) !== hash).length +
          [...before.keys()].filter((f) => !after.has(f)).length;
      }
      writeFileSync(full, original);
      buildOnce(medium, publicDir); // back to the tree of the unchanged world
    }
    const share = (100 * median(ms)) / fullBuildMs;
    figures.report(
      `rebuild after one ${name} (median)`,
      `${secondsWithRuns(ms)} = ${share.toFixed(1)} % of the full build`,
      { atMost: 10, actual: share, text: 'target ≤ 10 %' },
    );
    figures.report(`  files written / files whose content changed`, `${written} / ${changed}`, {
      atMost: changed,
      atLeast: changed,
      actual: written,
      text: 'target: equal',
    });
  };
  rebuildAfter('vehicle row', 'vehicles.csv', (t) =>
    replaceLine(
      t,
      (line) => MAX_DC_CELL.test(line),
      (line) => line.replace(MAX_DC_CELL, (_, head: string, kw: string) => `${head}${Number(kw) - 10},`),
    ),
  );
  rebuildAfter('charger row', 'chargers.csv', (t) =>
    replaceLine(
      t,
      (line) => /,DC,\d+,/.test(line),
      (line) => line.replace(/,DC,(\d+),/, (_, kw: string) => `,DC,${Number(kw) + 10},`),
    ),
  );
  rebuildAfter('observation row', 'observations.csv', (t) => {
    const vehicle = readFileSync(path.join(medium, 'data', 'vehicle_regions.csv'), 'utf8')
      .split('\n')[1]!
      .split(',');
    const charger = readFileSync(path.join(medium, 'data', 'charger_connectors.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .find((line) => line.split(',')[1] === vehicle[1])!
      .split(',');
    return `${t.trimEnd()}\n${vehicle[0]},${charger[0]},${vehicle[1]},unk,,bench observation (no figure),${charger[charger.length - 1]!.split(' ')[0]}\n`;
  });
}

/** The mirror bundle of the tree (a publishing build writes it after the commit). */
function bundle({ figures, work }: Context, publicDir: string, fullBuildMs: number) {
  const { stdout } = timed(process.execPath, [
    ...RUN_TYPESCRIPT,
    'tests/bench/bundle-once.ts',
    publicDir,
    path.join(work, 'bundle.tar.gz'),
  ]);
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; bytes: number; bundleBytes: number };
  figures.report(
    'mirror bundle time ÷ full build',
    `${(result.ms / fullBuildMs).toFixed(2)} (${(result.ms / 1000).toFixed(2)} s)`,
  );
  figures.report(
    'mirror bundle bytes ÷ tree bytes',
    `${(result.bundleBytes / result.bytes).toFixed(3)} (${(result.bundleBytes / 1e6).toFixed(1)} MB of ${(result.bytes / 1e6).toFixed(1)} MB)`,
  );
}

/** Peak RSS of full builds of the medium and (unless skipped) the large world. */
function memory({ figures, work }: Context, medium: string, world: (size: WorldSize) => string, skipLarge: boolean) {
  const rssMedium = buildOnce(medium, path.join(work, 'rss-medium')).maxRssMb;
  figures.report('peak RSS, full build, medium', `${rssMedium.toFixed(0)} MB`, {
    atMost: 256,
    actual: rssMedium,
    text: 'target ≤ 256 MB',
  });
  rmSync(path.join(work, 'rss-medium'), { recursive: true, force: true });
  if (skipLarge) return;
  const large = world('large');
  settle();
  const result = buildOnce(large, path.join(work, 'rss-large'));
  figures.report(
    'large world',
    `1500 vehicles × 500 chargers: ${result.files} files in ${(result.ms / 1000).toFixed(1)} s`,
  );
  figures.report('peak RSS, full build, large', `${result.maxRssMb.toFixed(0)} MB`, {
    atMost: 256,
    actual: result.maxRssMb,
    text: 'target ≤ 256 MB, flat with size',
  });
  rmSync(path.join(work, 'rss-large'), { recursive: true, force: true });
}

/**
 * Every build figure; returns the medium world's tree and its full build time (for the export and server figures) and
 * how to remove the work folder.
 */
export function measureBuilds(
  figures: Figures,
  options: { runs: number; dir: string; 'skip-large': boolean },
): { publicDir: string; fullBuildMs: number; work: string; remove(): void } {
  const context: Context = { figures, work: mkdtempSync(path.join(options.dir, 'ev-bench-')), runs: options.runs };
  const remove = () => rmSync(context.work, { recursive: true, force: true });
  try {
    const world = (size: WorldSize) => {
      const root = path.join(context.work, size);
      writeSyntheticWorld(root, size);
      return root;
    };
    const medium = world('medium');
    const { publicDir, fullBuildMs } = fullBuildAgainstTar(context, medium);
    rebuilds(context, medium, publicDir, fullBuildMs);
    bundle(context, publicDir, fullBuildMs);
    memory(context, medium, world, options['skip-large']);
    return { publicDir, fullBuildMs, work: context.work, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
