// `npm run check`: every data check over data/, nothing written; prints file:line:column: [check] message and exits 1 on any problem.
import { parseArgs } from 'node:util';
import { checkTables } from '../data/dataset.ts';
import { loadTables } from '../data/load.ts';
import { compareProblems, formatProblem } from '../data/problems.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: process.cwd() } } });
const { tables, problems, rejectedKeys } = await loadTables(values.root);
problems.push(...checkTables(tables, rejectedKeys));
problems.sort(compareProblems);
for (const problem of problems) console.error(formatProblem(problem));
const rows = Object.values(tables).reduce((n, t) => n + t.length, 0);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s) in data/`);
  process.exit(1);
}
console.log(`data/ is clean: ${rows} rows in ${Object.keys(tables).length} files passed every check`);
