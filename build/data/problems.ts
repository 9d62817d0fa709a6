// A data problem: where it is (file:line:column), which check found it, and what to do about it.
import type { TableName } from './tables.ts';

export interface Location {
  /** Path relative to the project root, e.g. data/vehicles.csv. */
  file: string;
  /** 1-based line in the file (for CSV: the line the row starts on; the header is line 1). */
  line: number;
  /** 1-based column: the character where the cell (CSV) or the value (YAML) starts on its line. */
  column: number;
}

export interface Problem extends Location {
  check: string;
  message: string;
  hint?: string;
  /** The row this problem refers to by key (e.g. a cited source): dropped when the schema rejected that row. */
  about?: { table: TableName; key: string };
  /** Can only be told when every row was read (e.g. "unused source"): dropped when the schema rejected any row. */
  needsEveryRow?: boolean;
}

export function formatProblem(problem: Problem): string {
  const hint = problem.hint ? ` (fix: ${problem.hint})` : '';
  return `${problem.file}:${problem.line}:${problem.column}: [${problem.check}] ${problem.message}${hint}`;
}

export function compareProblems(a: Problem, b: Problem): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message);
}

/** Thrown when data/ cannot be built; carries every problem found, sorted by position. */
export class DataError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    const sorted = [...problems].sort(compareProblems);
    super(`${sorted.length} data problem(s):\n${sorted.map(formatProblem).join('\n')}`);
    this.name = 'DataError';
    this.problems = sorted;
  }
}
