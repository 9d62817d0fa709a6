// What the network documents (issue 39) cost a build of the shipped data, for `npm run bench`: their share of the
// tree's files (target ≤ +1 %), and the build time of the same data as whole preview processes, back to back and
// alternating after a warm-up of each, with its network tables and with them emptied to their header (the tables are
// optional: every vehicle still gets its empty networks documents, so the time is what the networks' content costs).
// The time figure is the median of the runs' paired ratios (each run builds both, one right after the other): this
// machine's speed drifts by more than the target between runs, and a pair shares its moment.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { median, secondsWithRuns, type Figures } from './figures.ts';
import { buildProcess, removeBuilt, settle } from './measure-builds.ts';

/** The network tables: emptied to their header, the build writes no network but the empty lists. */
export const NETWORK_TABLES = ['networks.csv', 'network_regions.csv', 'network_chargers.csv'];

/** The network documents in a built tree (build/render/layout.ts): the lists, each network, each vehicle's. */
const NETWORK_FILES = [
  'api/v1/_data/networks.json',
  'api/v1/_data/network-list/**',
  'api/v1/_data/networks/**',
  'api/v1/_data/vehicle-networks/**',
];

/** A copy of the project's data/ under `root`, its network tables kept or emptied to their header. */
function dataCopy(source: string, root: string, networks: boolean): string {
  mkdirSync(root, { recursive: true });
  cpSync(path.join(source, 'data'), path.join(root, 'data'), { recursive: true });
  if (!networks)
    for (const table of NETWORK_TABLES) {
      const file = path.join(root, 'data', table);
      writeFileSync(file, `${readFileSync(file, 'utf8').split('\n')[0]}\n`);
    }
  return root;
}

export function measureNetworks(figures: Figures, options: { runs: number; work: string; source?: string }): void {
  const source = options.source ?? process.cwd();
  const roots = {
    with: dataCopy(source, path.join(options.work, 'networks-with'), true),
    without: dataCopy(source, path.join(options.work, 'networks-without'), false),
  };
  const ms = { with: [] as number[], without: [] as number[] };
  let files = 0;
  let networkFiles = 0;
  // A first build of each, not timed, fills the derived cache (parsed tables, validators, the explorer's script).
  for (const side of ['with', 'without'] as const) {
    const out = path.join(options.work, `networks-${side}-public`);
    buildProcess(roots[side], out);
    if (side === 'with') {
      files = fg.sync('**/*', { cwd: out, onlyFiles: true }).length;
      networkFiles = fg.sync(NETWORK_FILES, { cwd: out, onlyFiles: true }).length;
    }
    removeBuilt(out);
  }
  for (let run = 0; run < options.runs; run += 1)
    for (const side of run % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      const out = path.join(options.work, `networks-${side}-public`);
      settle();
      ms[side].push(buildProcess(roots[side], out).ms);
      removeBuilt(out);
    }
  const fileShare = networkFiles / (files - networkFiles);
  figures.report(
    'network documents, shipped data: files',
    `+${(100 * fileShare).toFixed(2)} % (${networkFiles} network documents beside ${files - networkFiles} other files)`,
    { atMost: 0.01, actual: fileShare, text: 'target ≤ +1 %' },
  );
  const timeShare = median(ms.with.map((withMs, run) => withMs / ms.without[run]!)) - 1;
  figures.report(
    'network documents, shipped data: preview build, whole process',
    `${timeShare >= 0 ? '+' : ''}${(100 * timeShare).toFixed(1)} %, the median of ${options.runs} paired runs ` +
      `(${secondsWithRuns(ms.with)} against ${secondsWithRuns(ms.without)})`,
    { atMost: 0.03, actual: timeShare, text: 'target ≤ +3 %' },
  );
}
