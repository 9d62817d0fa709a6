// `npm run release [-- --date YYYY-MM-DD] [--major|--patch]`: stamps the ledger and bumps the dataset version; the only command that reads the clock.
import { parseArgs } from 'node:util';
import { releaseDataset } from '../release/release.ts';
import { DataError, formatProblem } from '../data/problems.ts';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: process.cwd() },
    date: { type: 'string' },
    major: { type: 'boolean', default: false },
    patch: { type: 'boolean', default: false },
  },
});
const date = values.date ?? new Date().toISOString().slice(0, 10);
try {
  const result = await releaseDataset({ root: values.root, date, bump: values.major ? 'major' : values.patch ? 'patch' : 'minor' });
  console.log(
    `released dataset ${result.release.datasetVersion} on ${date}: ${result.added} new edge(s), ${result.changed} changed, ` +
      `${result.returned} returned, ${result.removed} removed, ${result.unchanged} unchanged`,
  );
} catch (error) {
  if (error instanceof DataError) {
    for (const problem of error.problems) console.error(formatProblem(problem));
    console.error('\nrelease stopped: fix data/ first');
    process.exit(1);
  }
  throw error;
}
