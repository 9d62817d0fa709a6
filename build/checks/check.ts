// The shape of a data check, as in mdn/browser-compat-data's linters: a name, what it checks, how severe, and the check.
import type { CheckContext, LoadedTables } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import type { ObservedPairing } from './observed-pairings.ts';

export interface CheckInfo {
  /** Kebab-case name, printed in every problem as [name]. */
  name: string;
  description: string;
  /**
   * error: stops the build and fails npm run check. style: fails npm run check only (order, unused sources). warning:
   * printed by npm run check, which still passes (something a person should look at, e.g. a row like another).
   */
  severity: 'error' | 'style' | 'warning';
}

export const NOTHING_PUBLISHED: CheckContext = { published: { vehicles: new Set(), chargers: new Set() } };

/** A check over every loaded row of data/. Problems about a rejected row are dropped by the runner (see run.ts). */
export interface TableCheck extends CheckInfo {
  check(tables: LoadedTables, context: CheckContext): Problem[];
}

/** A check of curated observations against what the rules derive for the same pairing (observed-pairings.ts). */
export interface ObservationCheck extends CheckInfo {
  check(observed: readonly ObservedPairing[]): Problem[];
}
