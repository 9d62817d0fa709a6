// Every data check over data/: the file checks while loading, the table checks, and (once the tables are sound) the
// checks of curated observations against the derivation rules. npm run check runs them all; the build, the errors.
import path from 'node:path';
import { runChecks, type Severity } from '../data/checks/run.ts';
import { checkTables, indexTables, type Dataset } from '../data/dataset.ts';
import { loadTables, type LoadedTables } from '../data/load.ts';
import { compareProblems, DataError, type Problem } from '../data/problems.ts';
import { readRelease } from '../data/release-file.ts';
import { OBSERVATION_CHECKS } from '../derive/checks/index.ts';
import { observedPairings } from '../derive/checks/observation-check.ts';

interface Checked {
  tables: LoadedTables;
  /** Indexed as of the last release day (adapter programmes open on a day); null when a table check failed. */
  data: Dataset | null;
  problems: Problem[];
}

function runAllChecks(root: string, severities: readonly Severity[]): Checked {
  const { tables, problems, rejectedKeys, context } = loadTables(root);
  problems.push(...checkTables(tables, context, rejectedKeys, severities));
  if (problems.length > 0) return { tables, data: null, problems: problems.sort(compareProblems) };
  // The observation checks derive from the tables: only when every row is sound.
  const data = indexTables(tables, readRelease(path.join(root, 'data'))?.releasedAt ?? null);
  problems.push(
    ...runChecks(OBSERVATION_CHECKS, observedPairings(data, tables.observations), undefined, { severities }),
  );
  return { tables, data, problems: problems.sort(compareProblems) };
}

/** npm run check: every problem of the given severities, and how much was read. */
export function checkData(
  root: string,
  severities: readonly Severity[],
): { problems: Problem[]; rows: number; files: number } {
  const { tables, problems } = runAllChecks(root, severities);
  return { problems, rows: Object.values(tables).reduce((n, t) => n + t.length, 0), files: Object.keys(tables).length };
}

/** The dataset a build publishes: every error-severity check passed, observations against the rules included. */
export function loadCheckedDataset(root: string): Dataset {
  const { data, problems } = runAllChecks(root, ['error']);
  if (problems.length > 0 || data === null) throw new DataError(problems);
  return data;
}
