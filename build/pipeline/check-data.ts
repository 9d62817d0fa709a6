// Every data check over data/: the file checks while loading, the table checks, and (once the tables are sound) the
// checks of curated observations against the derivation rules. npm run check runs them all; the build, the errors.
import { runChecks, type Severity } from '../data/checks/run.ts';
import { checkTables, indexTables } from '../data/dataset.ts';
import { loadTables } from '../data/load.ts';
import { compareProblems, type Problem } from '../data/problems.ts';
import { OBSERVATION_CHECKS } from '../derive/checks/index.ts';
import { observedPairings } from '../derive/checks/observation-check.ts';

export async function checkData(root: string, severities: readonly Severity[]): Promise<{ problems: Problem[]; rows: number; files: number }> {
  const { tables, problems, rejectedKeys, context } = await loadTables(root);
  problems.push(...checkTables(tables, context, rejectedKeys, severities));
  // The observation checks derive from the tables: only when every row is sound.
  if (problems.length === 0) problems.push(...runChecks(OBSERVATION_CHECKS, observedPairings(indexTables(tables), tables.observations), undefined, { severities }));
  return { problems: problems.sort(compareProblems), rows: Object.values(tables).reduce((n, t) => n + t.length, 0), files: Object.keys(tables).length };
}
