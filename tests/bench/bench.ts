// `npm run bench [-- --runs 3 --seconds 10 --dir /dev/shm --skip-large]`: build, rebuild, memory, bundle, exports, check
// and server figures, each against its target, printed as a table; exits 1 when a figure misses its target by more than
// 20 %.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import fg from 'fast-glob';
import { writeSyntheticWorld, type WorldSize } from './synthetic-world.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-large': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    /** Where the worlds and trees are written, e.g. /dev/shm to take the disk's noise out of the comparison. */
    dir: { type: 'string', default: os.tmpdir() },
  },
});
const RUNS = Number(values.runs);
/** How package.json's scripts run TypeScript (Node 24 strips the types natively). */
const RUN_TYPESCRIPT = ['--import', './build/cli/run-typescript.mjs'];
const work = mkdtempSync(path.join(values.dir, 'ev-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: [string, string, string][] = [];
const misses: string[] = [];
/** A figure with its target: `at most` or `at least`. A miss by more than 20 % fails the run. */
function report(
  name: string,
  value: string,
  target?: { atMost?: number; atLeast?: number; actual: number; text: string },
) {
  let status = '';
  if (target) {
    const { atMost, atLeast, actual } = target;
    const met = (atMost === undefined || actual <= atMost) && (atLeast === undefined || actual >= atLeast);
    const farOff = (atMost !== undefined && actual > atMost * 1.2) || (atLeast !== undefined && actual < atLeast / 1.2);
    status = `${target.text}: ${met ? 'met' : farOff ? 'MISSED by more than 20 %' : 'missed'}`;
    if (farOff) misses.push(name);
  }
  rows.push([name, value, status]);
  console.error(`${name}: ${value}${status ? ` (${status})` : ''}`);
}

/** Flushes dirty pages so one measurement does not pay for the previous one's writes. */
const settle = () => execFileSync('sync');

/** The Node flags `npm run build` runs with (package.json), so that the bench measures the same process (heap bound). */
const BUILD_FLAGS = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { build: string } }).scripts.build
  .split(' ')
  .filter((word) => /^--max-(old|semi)-space-size=/.test(word));

function buildOnce(
  root: string,
  publicDir: string,
): { ms: number; maxRssMb: number; written: number; unchanged: number; files: number } {
  const out = execFileSync(
    process.execPath,
    [...BUILD_FLAGS, ...RUN_TYPESCRIPT, 'tests/bench/build-once.ts', root, publicDir],
    { maxBuffer: 1 << 24 },
  ).toString();
  return JSON.parse(out.trim().split('\n').pop()!);
}

function timed(command: string, args: string[], cwd = process.cwd()): number {
  const started = performance.now();
  execFileSync(command, args, { cwd, stdio: 'ignore' });
  return performance.now() - started;
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

function world(size: WorldSize): string {
  const root = path.join(work, size);
  writeSyntheticWorld(root, size);
  return root;
}

// 1. Full build of medium against the tar floor, side by side, alternating, each into an empty folder.
const medium = world('medium');
const builds: number[] = [];
const floors: number[] = [];
let reference = '';
for (let run = 0; run < RUNS; run += 1) {
  const out = path.join(work, `medium-public-${run}`);
  settle();
  builds.push(buildOnce(medium, out).ms);
  if (!reference) {
    reference = path.join(work, 'medium.tar');
    execFileSync('tar', ['-cf', reference, '-C', out, '.']);
  }
  const target = path.join(work, `tar-${run}`);
  mkdirSync(target);
  settle();
  floors.push(timed('tar', ['-xf', reference, '-C', target]));
  rmSync(target, { recursive: true, force: true });
  if (run > 0) rmSync(out, { recursive: true, force: true });
}
const files = fg.sync('**/*', { cwd: path.join(work, 'medium-public-0'), onlyFiles: true }).length;
report('medium world', `500 vehicles × 200 chargers: ${files} files, written under ${values.dir}`);
report(
  'full build, medium (median)',
  `${(median(builds) / 1000).toFixed(2)} s (runs: ${builds.map((b) => (b / 1000).toFixed(2)).join(', ')})`,
);
report(
  'tar extract of the same tree (median)',
  `${(median(floors) / 1000).toFixed(2)} s (runs: ${floors.map((b) => (b / 1000).toFixed(2)).join(', ')})`,
);
const buildRatio = median(builds) / median(floors);
report('full build ÷ tar floor', buildRatio.toFixed(2), { atMost: 1.3, actual: buildRatio, text: 'target ≤ 1.3' });

// 2. Rebuilds over the existing tree after one changed row of each kind; each edit is undone before the next.
const publicDir = path.join(work, 'medium-public-0');
/** Changes one data file with `change`, rebuilds over the tree, reports, then restores the file and the tree. */
function rebuildAfter(name: string, file: string, change: (text: string) => string) {
  const full = path.join(medium, 'data', file);
  const original = readFileSync(full, 'utf8');
  const before = digest(publicDir);
  writeFileSync(full, change(original));
  settle();
  const result = buildOnce(medium, publicDir);
  const after = digest(publicDir);
  const changed =
    [...after].filter(([f, hash]) => before.get(f) !== hash).length +
    [...before.keys()].filter((f) => !after.has(f)).length;
  const share = (100 * result.ms) / median(builds);
  report(`rebuild after one ${name}`, `${(result.ms / 1000).toFixed(2)} s = ${share.toFixed(1)} % of the full build`, {
    atMost: 10,
    actual: share,
    text: 'target ≤ 10 %',
  });
  report(`  files written / files whose content changed`, `${result.written} / ${changed}`, {
    atMost: changed,
    atLeast: changed,
    actual: result.written,
    text: 'target: equal',
  });
  writeFileSync(full, original);
  buildOnce(medium, publicDir); // back to the tree of the unchanged world
}
/** `text` with its first data row (after the header) that `test` accepts rewritten by `edit`. */
function replaceLine(text: string, test: (line: string) => boolean, edit: (line: string) => string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line, i) => i > 0 && test(line));
  lines[at] = edit(lines[at]!);
  return lines.join('\n');
}
rebuildAfter('vehicle row', 'vehicles.csv', (t) =>
  replaceLine(
    t,
    (line) => /,\d+,\d+,(\d+),/.test(line),
    (line) => line.replace(/^((?:[^,]*,){7})(\d+)/, (_, head: string, kw: string) => `${head}${Number(kw) - 10}`),
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

// 2b. The mirror bundle of the same tree (a publishing build writes it after the commit).
const bundle = JSON.parse(
  execFileSync(process.execPath, [
    ...RUN_TYPESCRIPT,
    'tests/bench/bundle-once.ts',
    publicDir,
    path.join(work, 'bundle.tar.gz'),
  ])
    .toString()
    .trim()
    .split('\n')
    .pop()!,
) as { ms: number; bytes: number; bundleBytes: number };
report(
  'mirror bundle time ÷ full build',
  `${(bundle.ms / median(builds)).toFixed(2)} (${(bundle.ms / 1000).toFixed(2)} s)`,
);
report(
  'mirror bundle bytes ÷ tree bytes',
  `${(bundle.bundleBytes / bundle.bytes).toFixed(3)} (${(bundle.bundleBytes / 1e6).toFixed(1)} MB of ${(bundle.bytes / 1e6).toFixed(1)} MB)`,
);

// 2c. The exports of the same tree (a publishing build writes them after the commit, before the bundle).
interface ExportsFigures {
  ms: number;
  formats: Record<'read' | 'ndjson' | 'csv' | 'sqlite', number>;
  files: { name: string; bytes: number }[];
  maxRssMb: number;
}
function exportsOnce(tree: string): ExportsFigures {
  const out = mkdtempSync(path.join(work, 'exports-'));
  const printed = execFileSync(process.execPath, [
    ...BUILD_FLAGS,
    ...RUN_TYPESCRIPT,
    'tests/bench/exports-once.ts',
    tree,
    out,
  ]);
  rmSync(out, { recursive: true, force: true });
  return JSON.parse(printed.toString().trim().split('\n').pop()!) as ExportsFigures;
}
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
/** Each format's time and each file's size, from the median run by total time. */
function reportExports(world: string, runs: ExportsFigures[], build: number) {
  const middle = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
  report(
    `exports, ${world} (median)`,
    `${(middle.ms / 1000).toFixed(2)} s = ${((100 * middle.ms) / build).toFixed(1)} % of its full build ` +
      `(runs: ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')})`,
  );
  const { read, ...formats } = middle.formats;
  report(
    `  time by format`,
    `reading the tree ${read.toFixed(0)} ms; ${Object.entries(formats)
      .map(([format, ms]) => `${format} ${ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
  report(`  sizes`, middle.files.map((file) => `${file.name} ${mb(file.bytes)}`).join(', '));
}
reportExports(
  'medium',
  Array.from({ length: RUNS }, () => exportsOnce(publicDir)),
  median(builds),
);

// 3. Peak RSS of full builds.
const rssMedium = buildOnce(medium, path.join(work, 'rss-medium')).maxRssMb;
report('peak RSS, full build, medium', `${rssMedium.toFixed(0)} MB`, {
  atMost: 256,
  actual: rssMedium,
  text: 'target ≤ 256 MB',
});
rmSync(path.join(work, 'rss-medium'), { recursive: true, force: true });
if (!values['skip-large']) {
  const large = world('large');
  settle();
  const result = buildOnce(large, path.join(work, 'rss-large'));
  report('large world', `1500 vehicles × 500 chargers: ${result.files} files in ${(result.ms / 1000).toFixed(1)} s`);
  report('peak RSS, full build, large', `${result.maxRssMb.toFixed(0)} MB`, {
    atMost: 256,
    actual: result.maxRssMb,
    text: 'target ≤ 256 MB, flat with size',
  });
  const largeExports = exportsOnce(path.join(work, 'rss-large'));
  report(
    'exports, large',
    `${(largeExports.ms / 1000).toFixed(1)} s, ${largeExports.files.map((f) => `${f.name} ${mb(f.bytes)}`).join(', ')}`,
  );
  report('peak RSS, exports, large', `${largeExports.maxRssMb.toFixed(0)} MB`, {
    atMost: 256,
    actual: largeExports.maxRssMb,
    text: 'target ≤ 256 MB',
  });
  rmSync(path.join(work, 'rss-large'), { recursive: true, force: true });
}

// 3b. A publishing build of the shipped data (a released copy): what the exports add to its time and to its bundle.
interface PublishFigures extends Omit<ExportsFigures, 'ms' | 'maxRssMb'> {
  buildMs: number;
  exportsMs: number;
  withExports: { ms: number; bytes: number };
  withoutExports: { ms: number; bytes: number };
}
const shippedProject = path.join(work, 'shipped');
const published = Array.from({ length: RUNS }, (_, run) => {
  const out = path.join(work, `shipped-public-${run}`);
  settle();
  const printed = execFileSync(process.execPath, [
    ...BUILD_FLAGS,
    ...RUN_TYPESCRIPT,
    'tests/bench/publish-once.ts',
    process.cwd(),
    shippedProject,
    out,
  ]);
  rmSync(out, { recursive: true, force: true });
  return JSON.parse(printed.toString().trim().split('\n').pop()!) as PublishFigures;
});
const shippedBuild = median(published.map((p) => p.buildMs));
report(
  'publishing build, shipped data (median)',
  `${(shippedBuild / 1000).toFixed(2)} s, exports and bundle included (runs: ${published.map((p) => (p.buildMs / 1000).toFixed(2)).join(', ')})`,
);
reportExports(
  'shipped data',
  published.map((p) => ({ ms: p.exportsMs, formats: p.formats, files: p.files, maxRssMb: 0 })),
  shippedBuild,
);
const exportsShare = median(published.map((p) => p.exportsMs / (p.buildMs - p.exportsMs)));
report('  exports time ÷ the rest of the build', `+${(100 * exportsShare).toFixed(1)} %`, {
  atMost: 0.2,
  actual: exportsShare,
  text: 'target ≤ +20 %',
});
const [bundleWith, bundleWithout] = [published[0]!.withExports, published[0]!.withoutExports];
const bundleGrowth = bundleWith.bytes / bundleWithout.bytes - 1;
report(
  '  bundle with exports ÷ without',
  `+${(100 * bundleGrowth).toFixed(1)} % (${mb(bundleWith.bytes)} against ${mb(bundleWithout.bytes)}; ` +
    `bundling ${(bundleWith.ms / 1000).toFixed(2)} s against ${(bundleWithout.ms / 1000).toFixed(2)} s)`,
  { atMost: 0.2, actual: bundleGrowth, text: 'target ≤ +20 %' },
);

// 4. npm run check on the shipped dataset, wall time including process start.
const checks = Array.from({ length: RUNS }, () => timed('npm', ['run', '--silent', 'check']));
report(
  'npm run check, shipped dataset (median)',
  `${(median(checks) / 1000).toFixed(2)} s (runs: ${checks.map((c) => (c / 1000).toFixed(2)).join(', ')})`,
  { atMost: 0.7, actual: median(checks) / 1000, text: 'target ≤ 0.7 s' },
);

// 5. Local server with every rule and the limiter counting (its limit lifted so that answers stay 200) against plain
// http-server, same tree, same load.
async function serve(command: string[], port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { stdio: 'ignore', env: { ...process.env, PORT: String(port) } });
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server on ${port} did not start`);
}
const edgeFiles = fg.sync('api/v1/_data/edges/*/*/*.json', { cwd: publicDir }).sort().slice(0, 200);
const publicPaths = edgeFiles.map((f) => {
  const [, , , , region, vehicle, charger] = f.replace(/\.json$/, '').split('/');
  return `/api/v1/compatibility/${vehicle}/${charger}?region=${region}`;
});
async function load(port: number, paths: string[]) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: Number(values.seconds),
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}
const projectRoot = path.join(work, 'server-root');
mkdirSync(projectRoot);
execFileSync('ln', ['-s', publicDir, path.join(projectRoot, 'public')]);
execFileSync('cp', ['netlify.toml', projectRoot]);
const ours = await serve([...RUN_TYPESCRIPT, 'build/cli/serve.ts', '--dir', projectRoot, '--no-rate-limit'], 18101);
const plain = await serve(
  ['node_modules/http-server/bin/http-server', publicDir, '-p', '18102', '-a', '127.0.0.1', '-s'],
  18102,
);
try {
  const a = await load(18101, publicPaths);
  const b = await load(
    18102,
    edgeFiles.map((f) => `/${f}`),
  );
  report('local server, all rules (10 connections)', `${a.rps.toFixed(0)} req/s, p99 ${a.p99} ms, non-2xx ${a.non2xx}`);
  report('plain http-server, same files', `${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms, non-2xx ${b.non2xx}`);
  report('local server ÷ http-server', (a.rps / b.rps).toFixed(2), {
    atLeast: 1.2,
    actual: a.rps / b.rps,
    text: 'target ≥ 1.2',
  });
} finally {
  ours.kill();
  plain.kill();
}

rmSync(work, { recursive: true, force: true });
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${'measure'.padEnd(width)}  result  |  target\n${'-'.repeat(width)}  ${'-'.repeat(48)}`);
for (const [name, value, status] of rows)
  console.log(`${name.padEnd(width)}  ${value}${status ? `  |  ${status}` : ''}`);
if (misses.length > 0) {
  console.log(`\n${misses.length} figure(s) missed their target by more than 20 %: ${misses.join('; ')}`);
  process.exitCode = 1;
}
