// `npm run release [-- --date YYYY-MM-DD] [--major|--patch]`: stamps the ledger, records the changes and bumps the
// dataset version; the only command that reads the clock. Everything is checked before anything is written.
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE = 'npm run release -- [--date YYYY-MM-DD] [--major | --patch]';

export const release: Command = async (args, output) => {
  const { values } = parseCommandLine(args, USAGE, {
    root: { type: 'string', default: process.cwd() },
    date: { type: 'string' },
    major: { type: 'boolean', default: false },
    patch: { type: 'boolean', default: false },
  });
  if (values.major && values.patch)
    throw new CommandError('--major and --patch exclude each other: give at most one (the default is a minor release)');
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  const { NothingToRelease, releaseDataset } = await import('../release/release.ts');
  try {
    const result = await releaseDataset({
      root: values.root,
      date,
      bump: values.major ? 'major' : values.patch ? 'patch' : 'minor',
    });
    const { vehicles, chargers } = result.record;
    output.out(
      `released dataset ${result.release.datasetVersion} on ${date}: edges ${result.added} added, ${result.changed} changed, ${result.removed} removed, ${result.unchanged} unchanged; ` +
        `vehicles ${vehicles.added.length} added, ${vehicles.changed.length} changed, ${vehicles.removed.length} removed; ` +
        `chargers ${chargers.added.length} added, ${chargers.changed.length} changed, ${chargers.removed.length} removed`,
    );
  } catch (error) {
    if (error instanceof NothingToRelease || error instanceof RangeError) throw new CommandError(error.message);
    throw error;
  }
};

await runAsProgram(import.meta.url, 'release', release);
