// `npm run release [-- --date YYYY-MM-DD] [--major|--patch]`: stamps the ledger, records the changes and bumps the
// dataset version; the only command that reads the clock. Everything is checked before anything is written.
import { day } from './argument-kinds.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram, UsageError } from './command.ts';

export const command = defineCommand(
  {
    name: 'release',
    summary:
      'Stamps the edge ledger (data/ledger/), records what changed (data/releases/) and bumps the dataset version ' +
      'in data/release.yaml; a minor release unless --major or --patch. Everything is checked before anything is written.',
    options: {
      date: { description: 'the release day', value: day, defaultText: "today's date (UTC)" },
      major: { description: 'bump the major version (a change clients must adapt to)' },
      patch: { description: 'bump the patch version (corrections only)' },
      root: ROOT_OPTION,
    },
    examples: ['npm run release', 'npm run release -- --date 2026-03-01 --patch'],
  },
  async ({ options }, output) => {
    if (options.major && options.patch)
      throw new UsageError('--major and --patch exclude each other: give at most one (the default is a minor release)');
    const date = options.date ?? new Date().toISOString().slice(0, 10);
    const { NothingToRelease, releaseDataset } = await import('../release/release.ts');
    try {
      const result = await releaseDataset({
        root: options.root,
        date,
        bump: options.major ? 'major' : options.patch ? 'patch' : 'minor',
      });
      const { vehicles, chargers } = result.record;
      output.out(
        `released dataset ${result.release.datasetVersion} on ${date}: edges ${result.added} added, ${result.changed} ` +
          `changed, ${result.removed} removed, ${result.unchanged} unchanged; ` +
          `vehicles ${vehicles.added.length} added, ${vehicles.changed.length} changed, ${vehicles.removed.length} removed; ` +
          `chargers ${chargers.added.length} added, ${chargers.changed.length} changed, ${chargers.removed.length} removed`,
      );
    } catch (error) {
      // A date the dataset's history refuses (before the last release) is a wrong argument, found before any work.
      if (error instanceof RangeError) throw new UsageError(error.message);
      if (error instanceof NothingToRelease) throw new CommandError(error.message);
      throw error;
    }
  },
);

await runAsProgram(import.meta.url, command);
