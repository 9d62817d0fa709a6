// Runs a list of checks in isolation (a crashing check is reported and the others still run) and drops the
// problems that only echo a row the schema already rejected.
import type { RejectedKeys } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import type { CheckInfo } from './check.ts';

export type Severity = CheckInfo['severity'];

/** Whether a problem merely repeats one the schema check already reported (see Problem.about and Problem.needsEveryRow). */
export function echoesRejectedRow(problem: Problem, rejected: RejectedKeys): boolean {
  if (problem.needsEveryRow && Object.values(rejected).some((keys) => keys === 'all' || keys.size > 0)) return true;
  if (!problem.about) return false;
  const keys = rejected[problem.about.table];
  return keys === 'all' || (keys?.has(problem.about.key) ?? false);
}

export function runChecks<Input, Context>(
  checks: readonly (CheckInfo & { check(input: Input, context: Context): Problem[] })[],
  input: Input,
  context: Context,
  options: { rejected?: RejectedKeys; severities?: readonly Severity[] } = {},
): Problem[] {
  const severities = options.severities ?? ['error', 'style'];
  const problems: Problem[] = [];
  for (const check of checks) {
    if (!severities.includes(check.severity)) continue;
    try {
      problems.push(
        ...check.check(input, context).filter((problem) => !echoesRejectedRow(problem, options.rejected ?? {})),
      );
    } catch (error) {
      problems.push({
        file: 'data/',
        line: 1,
        column: 1,
        check: check.name,
        message: `the check crashed, so its problems are unknown (a bug in the check, not in your data): ${(error as Error).message}`,
      });
    }
  }
  return problems;
}
