// `npm run check`: every data check over data/, nothing written; prints file:line:column: [check] message, exit 1 on any problem.
import { DataError } from '../data/problems.ts';
import { parseCommandLine, runAsProgram, type Command } from './command.ts';

export const check: Command = async (args, output) => {
  const { values } = parseCommandLine(args, 'npm run check', { root: { type: 'string', default: process.cwd() } });
  const { checkData } = await import('../pipeline/check-data.ts');
  const { problems, rows, files } = checkData(values.root, ['error', 'style']);
  if (problems.length > 0) throw new DataError(problems);
  output.out(`data/ is clean: ${rows} rows in ${files} files passed every check`);
};

await runAsProgram(import.meta.url, 'check', check);
