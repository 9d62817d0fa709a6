// `npm run import -- open-ev-data [<release>] [--dry-run | --verify]`: imports an open dataset into data/ from its
// pinned release, read where it is (../shared/upstream/…) or from the folder or archive given, and prints the
// cross-check; --verify fails when data/ is not exactly that re-import.
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { ValueKind } from './argument-kinds.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram, UsageError } from './command.ts';

const DATASETS = ['open-ev-data'] as const;

const dataset: ValueKind<(typeof DATASETS)[number]> = {
  placeholder: '<dataset>',
  expected: `one of ${DATASETS.join(', ')}`,
  parse: (value) => DATASETS.find((name) => name === value),
};

const release: ValueKind<string> = {
  placeholder: '<release>',
  expected: 'an existing release folder or release .tar.gz',
  parse: (value) => (value !== '' && existsSync(value) ? path.resolve(value) : undefined),
};

export const command = defineCommand(
  {
    name: 'import',
    summary:
      'Imports an open dataset into data/: fills figures no source of ours gives, proposes new variants with their ' +
      'region rows, cites each value, and prints where the dataset and our own sources disagree. The release is ' +
      'read where it is: by default the version data/imports/<dataset>/pin.yaml pins, from ' +
      '../shared/upstream/<dataset>-dataset/<version>/; nothing of it is copied into the repository.',
    arguments: [
      { name: 'dataset', description: 'the dataset to import', value: dataset },
      {
        name: 'release',
        description: 'a release folder (a checkout) or a release .tar.gz; the pinned one under ../shared/ when absent',
        value: release,
        optional: true,
      },
    ],
    options: {
      'dry-run': { description: 'print what would change and the cross-check; write nothing' },
      verify: {
        description: 'write nothing; fail (exit 1) when data/ differs from a re-import, printing the differing lines',
      },
      root: ROOT_OPTION,
    },
    examples: [
      'npm run import -- open-ev-data --dry-run',
      'npm run import -- open-ev-data --verify',
      'npm run import -- open-ev-data ../open-ev-data-dataset',
    ],
  },
  async ({ arguments: { release: from }, options }, output) => {
    if (options['dry-run'] && options.verify) throw new UsageError('--dry-run and --verify: pass one of them');
    const [{ importOpenEvData }, { importReport, verifyReport }] = await Promise.all([
      import('../upstream/open-ev-data/import.ts'),
      import('../upstream/open-ev-data/report.ts'),
    ]);
    const result = await importOpenEvData({
      root: options.root,
      from,
      dryRun: options['dry-run'],
      verify: options.verify,
    });
    if (!options.verify) return output.out(importReport(result).trimEnd());
    output.out(verifyReport(result).trimEnd());
    if (result.differences.length > 0)
      throw new CommandError(
        `data/ is not what the import of OpenEV Data ${result.extract.version} gives: ` +
          `${result.differences.map((d) => d.file).join(', ')} differ (lines above)`,
      );
  },
);

await runAsProgram(import.meta.url, command);
