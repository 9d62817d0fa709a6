// The power cap of one outlet (a cable or socket of a charger model in a region): its own figure, or the unit's, and the
// sources of that figure.
import { chargerFigureSources, outletFigureSources } from '../data/figure-sources.ts';
import type { ChargerConnectorRow, ChargerRow } from '../data/tables.ts';

/**
 * The outlet's cap in kW: its `max_kw`; when empty, the unit's nominal power only if this is the unit's one outlet
 * type in the region (a multi-standard unit's CHAdeMO or AC outlet does not deliver the CCS cable's power); else null.
 */
export function outletCapKw(
  outlet: ChargerConnectorRow,
  unitOutlets: readonly ChargerConnectorRow[],
  charger: ChargerRow,
): number | null {
  if (outlet.max_kw !== null) return outlet.max_kw;
  const types = new Set(unitOutlets.map((row) => row.connector));
  return types.size === 1 ? charger.nominal_max_kw : null;
}

/** The sources of outletCapKw's figure: the outlet's own max_kw, or the unit's nominal where that stands for it. */
export function outletCapSources(outlet: ChargerConnectorRow, charger: ChargerRow): readonly string[] {
  return outlet.max_kw !== null
    ? outletFigureSources(outlet, 'max_kw')
    : chargerFigureSources(charger, 'nominal_max_kw');
}
