// `npm run check`: every data check over data/, nothing written; prints file:line:column: [check] message, exit 1 on any problem.
// The result is kept in the derived cache under the stamp of every file in data/ and the code (build/data/data-stamp.ts):
// a check of unchanged data loads neither the data nor the checks.
import path from 'node:path';
import { DataError, type Problem } from '../data/problems.ts';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

interface CheckResult {
  problems: Problem[];
  rows: number;
  files: number;
}

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
    const [{ dataStamp }, { readCachedValue, storeCachedValue }] = await Promise.all([
      import('../data/data-stamp.ts'),
      import('../infra/derived-cache.ts'),
    ]);
    const stamp = dataStamp(path.join(options.root, 'data'));
    let result = readCachedValue<CheckResult>('check-result', stamp.key);
    if (!result) {
      const { checkData } = await import('../checks/load-dataset.ts');
      const { problems, tables } = checkData(options.root, { severities: ['error', 'style'] });
      const rows = Object.values(tables).reduce((n, table) => n + table.length, 0);
      result = { problems, rows, files: Object.keys(tables).length };
      if (!stamp.racy) storeCachedValue('check-result', stamp.key, result);
    }
    if (result.problems.length > 0) throw new DataError(result.problems);
    output.out(`data/ is clean: ${result.rows} rows in ${result.files} files passed every check`);
  },
);

await runAsProgram(import.meta.url, command);
