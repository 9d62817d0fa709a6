// The shape of a data check, as in mdn/browser-compat-data's linters: a name, what it checks, how severe, and the check.
import type { LoadedTables } from '../load.ts';
import type { Problem } from '../problems.ts';

export interface CheckInfo {
  /** Kebab-case name, printed in every problem as [name]. */
  name: string;
  description: string;
  /** error: stops the build and fails npm run check. style: fails npm run check only (order, unused sources). */
  severity: 'error' | 'style';
}

/** What checks may know besides the rows: the slugs the ledger shows were published (they must never disappear). */
export interface CheckContext {
  published: { vehicles: ReadonlySet<string>; chargers: ReadonlySet<string> };
}

export const NOTHING_PUBLISHED: CheckContext = { published: { vehicles: new Set(), chargers: new Set() } };

/** A check over every loaded row of data/. Problems about a rejected row are dropped by the runner (see run.ts). */
export interface TableCheck extends CheckInfo {
  check(tables: LoadedTables, context: CheckContext): Problem[];
}
