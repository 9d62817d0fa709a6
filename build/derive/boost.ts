// A vehicle's boost path (charging a pack above a DC unit's maximum voltage): whether it has one, its power, and the
// sources that say so: the row's boost_dc_kw (empty = not on record, 0 = none, yes = one whose power is not stated, a
// figure = its power), else its platform's boost fact (data/platforms.csv).
import { figureSourceIds, type InheritedFigures } from '../data/figure-sources.ts';
import type { VehicleRow } from '../data/tables.ts';

export interface BoostFact {
  /** True: it has a boost path; false: it has none; null: neither is on record. */
  exists: boolean | null;
  /** Its power in kW where on record (only when `exists`). */
  kw: number | null;
  sources: readonly string[];
}

export function boostFact(vehicle: VehicleRow & InheritedFigures): BoostFact {
  const kw = vehicle.boost_dc_kw;
  if (kw === null) return vehicle.inheritedBoost ?? { exists: null, kw: null, sources: [] };
  const sources = figureSourceIds(vehicle, 'boost_dc_kw');
  if (kw === 'yes') return { exists: true, kw: null, sources };
  return { exists: kw > 0, kw: kw > 0 ? kw : null, sources };
}
