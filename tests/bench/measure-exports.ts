// The exports' figures for `npm run bench`: each export's time and size on the medium world's tree, and on a publishing
// build of the shipped data (a released copy) what the exports add to its time and to its bundle (target ≤ 20 % each).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { median, type Figures } from './figures.ts';
import { BUILD_FLAGS, RUN_TYPESCRIPT, settle } from './measure-builds.ts';

interface ExportsFigures {
  ms: number;
  formats: Record<'read' | 'ndjson' | 'csv' | 'sqlite', number>;
  files: { name: string; bytes: number }[];
  maxRssMb: number;
}

interface PublishFigures extends Omit<ExportsFigures, 'ms' | 'maxRssMb'> {
  buildMs: number;
  exportsMs: number;
  withExports: { ms: number; bytes: number };
  withoutExports: { ms: number; bytes: number };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Runs a bench script as its own process (the build's heap flags) and reads the JSON of its last line. */
function lastJsonLine<T>(script: string, args: string[]): T {
  const printed = execFileSync(process.execPath, [...BUILD_FLAGS, ...RUN_TYPESCRIPT, script, ...args]);
  return JSON.parse(printed.toString().trim().split('\n').pop()!) as T;
}

/** Each format's time and each file's size, from the median run by total time. */
function reportExports(figures: Figures, world: string, runs: ExportsFigures[], buildMs: number) {
  const middle = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
  figures.report(
    `exports, ${world} (median)`,
    `${(middle.ms / 1000).toFixed(2)} s = ${((100 * middle.ms) / buildMs).toFixed(1)} % of its full build ` +
      `(runs: ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')})`,
  );
  const { read, ndjson, csv, sqlite } = middle.formats;
  figures.report(
    '  time by format',
    `reading the tree ${read.toFixed(0)} ms, ndjson ${ndjson.toFixed(0)} ms, csv ${csv.toFixed(0)} ms; ` +
      `beside them on a thread of its own (reading the tree too), sqlite ${sqlite.toFixed(0)} ms`,
  );
  figures.report('  sizes', middle.files.map((file) => `${file.name} ${mb(file.bytes)}`).join(', '));
}

export function measureExports(
  figures: Figures,
  options: { runs: number; work: string },
  medium: { publicDir: string; fullBuildMs: number },
): void {
  const runs = Array.from({ length: options.runs }, () => {
    const out = mkdtempSync(path.join(options.work, 'exports-'));
    try {
      return lastJsonLine<ExportsFigures>('tests/bench/exports-once.ts', [medium.publicDir, out]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
  reportExports(figures, 'medium', runs, medium.fullBuildMs);
  const rss = Math.max(...runs.map((run) => run.maxRssMb));
  figures.report('peak RSS, exports, medium (both threads)', `${rss.toFixed(0)} MB`, {
    atMost: 256,
    actual: rss,
    text: 'target ≤ 256 MB',
  });

  const shippedProject = path.join(options.work, 'shipped');
  const published = Array.from({ length: options.runs }, (_, run) => {
    const out = path.join(options.work, `shipped-public-${run}`);
    settle();
    try {
      return lastJsonLine<PublishFigures>('tests/bench/publish-once.ts', [process.cwd(), shippedProject, out]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
  const shippedBuild = median(published.map((p) => p.buildMs));
  figures.report(
    'publishing build, shipped data (median)',
    `${(shippedBuild / 1000).toFixed(2)} s, exports and bundle included (runs: ${published.map((p) => (p.buildMs / 1000).toFixed(2)).join(', ')})`,
  );
  reportExports(
    figures,
    'shipped data',
    published.map((p) => ({ ms: p.exportsMs, formats: p.formats, files: p.files, maxRssMb: 0 })),
    shippedBuild,
  );
  const exportsShare = median(published.map((p) => p.exportsMs / (p.buildMs - p.exportsMs)));
  figures.report('  exports time ÷ the rest of the build', `+${(100 * exportsShare).toFixed(1)} %`, {
    atMost: 0.2,
    actual: exportsShare,
    text: 'target ≤ +20 %',
  });
  const [bundleWith, bundleWithout] = [published[0]!.withExports, published[0]!.withoutExports];
  const bundleGrowth = bundleWith.bytes / bundleWithout.bytes - 1;
  figures.report(
    '  bundle with exports ÷ without',
    `+${(100 * bundleGrowth).toFixed(1)} % (${mb(bundleWith.bytes)} against ${mb(bundleWithout.bytes)}; ` +
      `bundling ${(bundleWith.ms / 1000).toFixed(2)} s against ${(bundleWithout.ms / 1000).toFixed(2)} s)`,
    { atMost: 0.2, actual: bundleGrowth, text: 'target ≤ +20 %' },
  );
}
