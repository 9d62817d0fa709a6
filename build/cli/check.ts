// `npm run check`: every data check over data/, nothing written; prints file:line:column: [check] message, exit 1 on any problem.
import { DataError } from '../data/problems.ts';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

export const command = defineCommand(
  {
    name: 'check',
    summary:
      'Runs every data check over data/ without building or writing anything; each problem is one line, ' +
      'file:line:column: [check] message, and any problem exits 1.',
    options: { root: ROOT_OPTION },
    examples: ['npm run check'],
  },
  async ({ options }, output) => {
    const { checkData } = await import('../checks/load-dataset.ts');
    const { problems, tables } = checkData(options.root, { severities: ['error', 'style'] });
    if (problems.length > 0) throw new DataError(problems);
    const rows = Object.values(tables).reduce((n, table) => n + table.length, 0);
    output.out(`data/ is clean: ${rows} rows in ${Object.keys(tables).length} files passed every check`);
  },
);

await runAsProgram(import.meta.url, command);
