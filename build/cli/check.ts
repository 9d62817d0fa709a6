// `npm run check`: every data check over data/, nothing written; prints file:line:column: [check] message, exit 1 on any problem.
// The result is kept in the derived cache under the stamp of every file in data/ and the code (build/data/data-stamp.ts):
// a check of unchanged data loads neither the data nor the checks.
import path from 'node:path';
import { DataError, formatProblem, type Problem } from '../data/problems.ts';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

interface CheckResult {
  problems: Problem[];
  /** Printed, never failing the check (a cached result of an older version may lack them). */
  warnings?: Problem[];
  rows: number;
  files: number;
}

export const command = defineCommand(
  {
    name: 'check',
    summary:
      'Runs every data check over data/ without building or writing anything; each problem is one line, ' +
      'file:line:column: [check] message, and any problem exits 1; warnings are printed the same way under ' +
      'their own heading and do not fail the check.',
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
      const { problems, warnings, tables } = checkData(options.root, { severities: ['error', 'style', 'warning'] });
      const rows = Object.values(tables).reduce((n, table) => n + table.length, 0);
      result = { problems, warnings, rows, files: Object.keys(tables).length };
      if (!stamp.racy) storeCachedValue('check-result', stamp.key, result);
    }
    const warnings = result.warnings ?? [];
    if (warnings.length > 0) output.err('warnings (to look at; they do not fail the check):');
    for (const warning of warnings) output.err(formatProblem(warning));
    if (result.problems.length > 0) throw new DataError(result.problems);
    const warned =
      warnings.length === 0 ? '' : ` (${warnings.length} warning${warnings.length === 1 ? '' : 's'} above)`;
    output.out(`data/ is clean: ${result.rows} rows in ${result.files} files passed every check${warned}`);
  },
);

await runAsProgram(import.meta.url, command);
