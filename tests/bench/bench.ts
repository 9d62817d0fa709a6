// `npm run bench [-- --runs 3 --skip-large]`: build, rebuild, memory, check and server figures against their floors, printed as a table.
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
const TSX = ['--import', 'tsx'];
const work = mkdtempSync(path.join(values.dir, 'ev-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: [string, string][] = [];
const report = (name: string, value: string) => {
  rows.push([name, value]);
  console.error(`${name}: ${value}`);
};

/** Flushes dirty pages so one measurement does not pay for the previous one's writes. */
const settle = () => execFileSync('sync');

function buildOnce(root: string, publicDir: string): { ms: number; maxRssMb: number; written: number; unchanged: number; files: number } {
  const out = execFileSync(process.execPath, [...TSX, 'tests/bench/build-once.ts', root, publicDir], { maxBuffer: 1 << 24 }).toString();
  return JSON.parse(out.trim().split('\n').pop()!);
}

function timed(command: string, args: string[], cwd = process.cwd()): number {
  const started = performance.now();
  execFileSync(command, args, { cwd, stdio: 'ignore' });
  return performance.now() - started;
}

const digest = (dir: string) =>
  new Map(fg.sync('**/*', { cwd: dir, onlyFiles: true }).map((f) => [f, createHash('sha1').update(readFileSync(path.join(dir, f))).digest('hex')]));

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
report('full build, medium (median)', `${(median(builds) / 1000).toFixed(2)} s (runs: ${builds.map((b) => (b / 1000).toFixed(2)).join(', ')})`);
report('tar extract of the same tree (median)', `${(median(floors) / 1000).toFixed(2)} s (runs: ${floors.map((b) => (b / 1000).toFixed(2)).join(', ')})`);
report('full build ÷ tar floor', `${(median(builds) / median(floors)).toFixed(2)} (target ≤ 1.5)`);

// 2. Rebuild after changing one vehicle row, over the existing tree.
const publicDir = path.join(work, 'medium-public-0');
const before = digest(publicDir);
const vehiclesCsv = path.join(medium, 'data', 'vehicles.csv');
const original = readFileSync(vehiclesCsv, 'utf8');
const lines = original.split('\n');
const target = lines.findIndex((line, i) => i > 0 && /,\d+,\d+,(\d+),/.test(line));
lines[target] = lines[target]!.replace(/^((?:[^,]*,){7})(\d+)/, (_, head: string, kw: string) => `${head}${Number(kw) - 10}`);
writeFileSync(vehiclesCsv, lines.join('\n'));
settle();
const rebuild = buildOnce(medium, publicDir);
const after = digest(publicDir);
const changed = [...after].filter(([file, hash]) => before.get(file) !== hash).length + [...before.keys()].filter((f) => !after.has(f)).length;
writeFileSync(vehiclesCsv, original);
report('rebuild after one vehicle row', `${(rebuild.ms / 1000).toFixed(2)} s = ${((100 * rebuild.ms) / median(builds)).toFixed(1)} % of the full build (target ≤ 10 %)`);
report('files written / files whose content changed', `${rebuild.written} / ${changed}`);

// 3. Peak RSS of full builds.
report('peak RSS, full build, medium', `${buildOnce(medium, path.join(work, 'rss-medium')).maxRssMb.toFixed(0)} MB`);
rmSync(path.join(work, 'rss-medium'), { recursive: true, force: true });
if (!values['skip-large']) {
  const large = world('large');
  settle();
  const result = buildOnce(large, path.join(work, 'rss-large'));
  report('large world', `1500 vehicles × 500 chargers: ${result.files} files in ${(result.ms / 1000).toFixed(1)} s`);
  report('peak RSS, full build, large', `${result.maxRssMb.toFixed(0)} MB (target ≤ 512)`);
  rmSync(path.join(work, 'rss-large'), { recursive: true, force: true });
}

// 4. npm run check on the shipped dataset, wall time including process start.
const checks = Array.from({ length: RUNS }, () => timed('npm', ['run', '--silent', 'check']));
report('npm run check, shipped dataset (median)', `${(median(checks) / 1000).toFixed(2)} s (runs: ${checks.map((c) => (c / 1000).toFixed(2)).join(', ')})`);

// 5. Local server with every rule (rate limit lifted) against plain http-server, same tree, same load.
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
const ours = await serve([...TSX, 'build/cli/serve.ts', '--root', projectRoot, '--no-rate-limit'], 18101);
const plain = await serve(['node_modules/http-server/bin/http-server', publicDir, '-p', '18102', '-a', '127.0.0.1', '-s'], 18102);
try {
  const a = await load(18101, publicPaths);
  const b = await load(18102, edgeFiles.map((f) => `/${f}`));
  report('local server, all rules (10 connections)', `${a.rps.toFixed(0)} req/s, p99 ${a.p99} ms, non-2xx ${a.non2xx}`);
  report('plain http-server, same files', `${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms, non-2xx ${b.non2xx}`);
  report('local server ÷ http-server', `${(a.rps / b.rps).toFixed(2)} (target ≥ 1.0)`);
} finally {
  ours.kill();
  plain.kill();
}

rmSync(work, { recursive: true, force: true });
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${'measure'.padEnd(width)}  result\n${'-'.repeat(width)}  ${'-'.repeat(40)}`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
