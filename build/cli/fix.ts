// `npm run fix`: applies the mechanical fixes (encoding, line endings, spacing, row order, declared columns) to data/
// and says what it changed.
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

export const command = defineCommand(
  {
    name: 'fix',
    summary:
      'Applies the mechanical fixes to data/ (encoding, line endings, spacing, row order; a column build/data/tables.ts ' +
      'declares and a CSV file lacks is added in place, empty on every row) and prints what it changed in each file; ' +
      'a file it cannot read is named and left as it is (exit 1).',
    options: { root: ROOT_OPTION },
    examples: ['npm run fix && npm run check'],
  },
  async ({ options }, output) => {
    const { fixData } = await import('../data/fix.ts');
    const { changed, failed } = fixData(options.root);
    for (const { file, changes } of changed) output.out(`${file}: ${changes.join('; ')}`);
    for (const { file, reason } of failed) output.err(`${file}: not fixed, it cannot be read as it is: ${reason}`);
    if (failed.length > 0) throw new CommandError(`${failed.length} file(s) could not be fixed; see above`);
    if (changed.length === 0) output.out('nothing to fix');
  },
);

await runAsProgram(import.meta.url, command);
