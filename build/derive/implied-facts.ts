// Implied facts: figures that physics or a charging standard fixes from sourced figures, each a named implication that
// the edges using it cite as a `derived` source. data/README.md lists them with why none is a guess.
import { REGION_TABLE, singlePhaseMaxKw, type Region } from '../core/regions.ts';
import type { VehicleRow } from '../data/tables.ts';

export interface Implication {
  /** The id edges cite (a source of kind `derived`). */
  id: string;
  /** What it states, as the edge's source title gives it. */
  title: string;
}

/** "7.4 kW = 32 A × 230 V in EU, TR and GB; 19.2 kW = 80 A × 240 V in NA": each single-phase limit with its regions. */
function singlePhaseLimits(): string {
  const byLimit = new Map<string, string[]>();
  for (const region of REGION_TABLE) {
    const limit = `${singlePhaseMaxKw(region.id)} kW = ${region.singlePhaseMaxA} A × ${region.acPhaseVoltage} V`;
    byLimit.set(limit, [...(byLimit.get(limit) ?? []), region.id]);
  }
  const names = (ids: string[]) => (ids.length === 1 ? ids[0]! : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`);
  return [...byLimit].map(([limit, ids]) => `${limit} in ${names(ids)}`).join('; ');
}

export const IMPLIED_AC_PHASES: Implication = {
  id: 'implied-ac-phases',
  title:
    'Implied: an on-board AC charger above what one phase of the region’s supply carries ' +
    `(${singlePhaseLimits()}) is not single-phase`,
};

/** Every implication, by id: the one list edges, documents and docs read. */
export const IMPLICATIONS: ReadonlyMap<string, Implication> = new Map([[IMPLIED_AC_PHASES.id, IMPLIED_AC_PHASES]]);

/**
 * The phases a vehicle's on-board charger may have when its own figure is not on record: not one where its power is
 * above what one phase of the region's supply carries; null when nothing rules one out.
 */
export function impliedPhaseOptions(vehicle: VehicleRow, region: Region): number[] | null {
  if (vehicle.ac_phases !== null || vehicle.max_ac_kw_oem === null) return null;
  return vehicle.max_ac_kw_oem > singlePhaseMaxKw(region) ? [2, 3] : null;
}
