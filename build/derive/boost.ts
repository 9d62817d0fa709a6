// A vehicle's boost path (charging a pack above a DC unit's maximum voltage): whether it has one, its power, and the
// sources that say so. Today from the row's boost_dc_kw: empty = not on record, 0 = none, a figure = its power.
import type { Dataset } from '../data/dataset.ts';
import { figureSourceIds } from '../data/figure-sources.ts';
import type { VehicleRow } from '../data/tables.ts';

export interface BoostFact {
  /** True: it has a boost path; false: it has none; null: neither is on record. */
  exists: boolean | null;
  /** Its power in kW where on record (only when `exists`). */
  kw: number | null;
  sources: readonly string[];
}

export function boostFact(_data: Dataset, vehicle: VehicleRow): BoostFact {
  const kw = vehicle.boost_dc_kw;
  if (kw === null) return { exists: null, kw: null, sources: [] };
  return { exists: kw > 0, kw: kw > 0 ? kw : null, sources: figureSourceIds(vehicle, 'boost_dc_kw') };
}
