// `npm run fix`: applies the mechanical fixes (encoding, line endings, spacing, row order) to data/ and says what it changed.
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

export const fix: Command = async (args, output) => {
  const { values } = parseCommandLine(args, 'npm run fix', { root: { type: 'string', default: process.cwd() } });
  const { fixData } = await import('../data/fix.ts');
  const { changed, failed } = fixData(values.root);
  for (const { file, changes } of changed) output.out(`${file}: ${changes.join('; ')}`);
  for (const { file, reason } of failed) output.err(`${file}: not fixed, it cannot be read as it is: ${reason}`);
  if (failed.length > 0) throw new CommandError(`${failed.length} file(s) could not be fixed; see above`);
  if (changed.length === 0) output.out('nothing to fix');
};

await runAsProgram(import.meta.url, 'fix', fix);
