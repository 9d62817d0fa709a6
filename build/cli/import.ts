// `npm run import -- open-ev-data [<release>] [--dry-run]`: imports an open dataset into data/ (a release's checkout or
// archive becomes the pinned extract; without one, the pinned extract is applied again) and prints the cross-check.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE =
  'npm run import -- open-ev-data [<checkout folder | release .tar.gz | extract .json>] [--dry-run] (without a release: the pinned extract)';
const DATASETS = ['open-ev-data'];

export const importDataset: Command = async (args, output) => {
  const { values, positionals } = parseCommandLine(
    args,
    USAGE,
    { root: { type: 'string', default: process.cwd() }, 'dry-run': { type: 'boolean', default: false } },
    { min: 1, max: 2 },
  );
  const [dataset, from] = positionals as [string, string | undefined];
  if (!DATASETS.includes(dataset))
    throw new CommandError(`unknown dataset "${dataset}"; the importer knows ${DATASETS.join(', ')}; usage: ${USAGE}`);
  const location = from === undefined ? undefined : path.resolve(from);
  if (location !== undefined && !existsSync(location)) throw new CommandError(`${from} does not exist`);
  const [{ importOpenEvData }, { importReport }] = await Promise.all([
    import('../upstream/open-ev-data/import.ts'),
    import('../upstream/open-ev-data/report.ts'),
  ]);
  const result = await importOpenEvData({ root: values.root, from: location, dryRun: values['dry-run'] });
  output.out(importReport(result).trimEnd());
};

await runAsProgram(import.meta.url, 'import', importDataset);
