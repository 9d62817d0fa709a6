// Every data check over data/ without building: the file checks while loading, the table checks, and (once the tables
// are sound) the edge checks over every derived edge. npm run check runs them all; the build, the errors.
import { checkTables } from '../data/dataset.ts';
import type { Severity } from '../data/checks/run.ts';
import { loadTables } from '../data/load.ts';
import { compareProblems, type Problem } from '../data/problems.ts';

export async function checkData(root: string, severities: readonly Severity[]): Promise<{ problems: Problem[]; rows: number; files: number }> {
  const { tables, problems, rejectedKeys, context } = await loadTables(root);
  problems.push(...checkTables(tables, context, rejectedKeys, severities));
  return { problems: problems.sort(compareProblems), rows: Object.values(tables).reduce((n, t) => n + t.length, 0), files: Object.keys(tables).length };
}
