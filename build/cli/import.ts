// `npm run import -- open-ev-data [<release>] [--dry-run]`: imports an open dataset into data/ (a release's checkout or
// archive becomes the pinned extract; without one, the pinned extract is applied again) and prints the cross-check.
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { ValueKind } from './argument-kinds.ts';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

const DATASETS = ['open-ev-data'] as const;

const dataset: ValueKind<(typeof DATASETS)[number]> = {
  placeholder: '<dataset>',
  expected: `one of ${DATASETS.join(', ')}`,
  parse: (value) => DATASETS.find((name) => name === value),
};

const release: ValueKind<string> = {
  placeholder: '<release>',
  expected: 'an existing checkout folder, release .tar.gz or extract .json',
  parse: (value) => (value !== '' && existsSync(value) ? path.resolve(value) : undefined),
};

export const command = defineCommand(
  {
    name: 'import',
    summary:
      'Imports an open dataset into data/: fills figures no source of ours gives, proposes new variants with their ' +
      'region rows, cites each value, and prints where the dataset and our own sources disagree. Without a release, ' +
      'the pinned extract in data/imports/ is applied again.',
    arguments: [
      { name: 'dataset', description: 'the dataset to import', value: dataset },
      {
        name: 'release',
        description: 'a checkout folder, a release .tar.gz or an extract .json',
        value: release,
        optional: true,
      },
    ],
    options: {
      'dry-run': { description: 'print what would change and the cross-check; write nothing' },
      root: ROOT_OPTION,
    },
    examples: ['npm run import -- open-ev-data --dry-run', 'npm run import -- open-ev-data ../open-ev-data-dataset'],
  },
  async ({ arguments: { release: from }, options }, output) => {
    const [{ importOpenEvData }, { importReport }] = await Promise.all([
      import('../upstream/open-ev-data/import.ts'),
      import('../upstream/open-ev-data/report.ts'),
    ]);
    const result = await importOpenEvData({ root: options.root, from, dryRun: options['dry-run'] });
    output.out(importReport(result).trimEnd());
  },
);

await runAsProgram(import.meta.url, command);
