// The one loader of data/: reads every file (the format and schema checks), runs the table checks and, once every row
// is sound, the checks of curated observations against the rules. Every command that reads the dataset loads it here
// (build, release, check, diff, coverage), so none can accept data another refuses.
import path from 'node:path';
import { indexTables, type Dataset } from '../data/dataset.ts';
import { loadTables, type CheckContext, type LoadedTables, type RejectedKeys } from '../data/load.ts';
import { compareProblems, DataError, type Problem } from '../data/problems.ts';
import { readRelease } from '../data/release-file.ts';
import { OBSERVATION_CHECKS, TABLE_CHECKS } from './index.ts';
import { observedPairings } from './observed-pairings.ts';
import { runChecks, type Severity } from './run.ts';

export interface LoadOptions {
  /** The checks' severities to run: the build and a release run the errors, npm run check every one. A warning
   * never blocks: it is returned apart (`warnings`) and the observation checks still run. */
  severities?: readonly Severity[];
  /** The day the edges are derived for (adapter programmes open on a day); default: the last release's day. */
  asOf?: string | null;
}

export interface CheckedData {
  tables: LoadedTables;
  /** Indexed for the day of `asOf`; null when a table check failed (the observation checks did not run then). */
  data: Dataset | null;
  /** Every problem found, sorted by file and position. */
  problems: Problem[];
  /** What the warning checks found (when asked for), sorted by file and position. */
  warnings: Problem[];
}

/** Runs the table checks over loaded rows: every severity (npm run check) or only errors (the build). */
export function checkTables(
  tables: LoadedTables,
  context: CheckContext,
  rejected: RejectedKeys = {},
  severities: readonly Severity[] = ['error', 'style'],
): Problem[] {
  return runChecks(TABLE_CHECKS, tables, context, { rejected, severities });
}

/** Reads `<root>/data` and runs every check of the given severities over it. */
export function checkData(root: string, options: LoadOptions = {}): CheckedData {
  const severities = (options.severities ?? ['error', 'style']).filter((severity) => severity !== 'warning');
  const { tables, problems, rejectedKeys, context } = loadTables(root);
  problems.push(...checkTables(tables, context, rejectedKeys, severities));
  const warnings = options.severities?.includes('warning')
    ? checkTables(tables, context, rejectedKeys, ['warning']).sort(compareProblems)
    : [];
  if (problems.length > 0) return { tables, data: null, problems: problems.sort(compareProblems), warnings };
  const asOf = options.asOf !== undefined ? options.asOf : (readRelease(path.join(root, 'data'))?.releasedAt ?? null);
  const data = indexTables(tables, asOf);
  problems.push(
    ...runChecks(OBSERVATION_CHECKS, observedPairings(data, tables.observations), undefined, { severities }),
  );
  return { tables, data, problems: problems.sort(compareProblems), warnings };
}

/** The dataset of `<root>/data`, every error-severity check passed; throws DataError listing every problem otherwise. */
export function loadDataset(root: string, options: Pick<LoadOptions, 'asOf'> = {}): Dataset {
  const { data, problems } = checkData(root, { ...options, severities: ['error'] });
  if (problems.length > 0 || data === null) throw new DataError(problems);
  return data;
}
