// The pairings the observation check tests observe: a CCS1 car in North America and three DC units, one reachable only
// through an adapter, one directly, one not at all.
import type { ObservationCheck } from '../../build/checks/check.ts';
import { observedPairings } from '../../build/checks/observed-pairings.ts';
import type { ObservationRow } from '../../build/data/tables.ts';
import { adapter, charger, connectorRow, dataset, located, observation, vehicle, vehicleRegion } from './rows.ts';

/** A CCS1 car in NA, a NACS unit speaking DIN70121 (reachable only through the adapter), a CCS1 unit (direct), a
 * CHAdeMO-only unit (no path). */
export const NA_CAR = vehicle({ slug: 'test-car-2024-na', max_dc_kw_oem: 150 });
export const PARTS = {
  vehicles: [NA_CAR],
  vehicleRegions: [vehicleRegion({ vehicle: NA_CAR.slug, region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' })],
  chargers: [
    charger({ slug: 'test-nacs-250', nominal_max_kw: 250, protocols: ['DIN70121'] }),
    charger({ slug: 'test-ccs1-350' }),
    charger({ slug: 'test-chademo-50', nominal_max_kw: 50 }),
  ],
  chargerConnectors: [
    connectorRow({ charger: 'test-nacs-250', region: 'NA', connector: 'nacs' }),
    connectorRow({ charger: 'test-ccs1-350', region: 'NA', connector: 'ccs1' }),
    connectorRow({ charger: 'test-chademo-50', region: 'NA', connector: 'chademo' }),
  ],
  adapters: [adapter({ brands: ['Test'] })],
};
const OBSERVED_DATA = dataset(PARTS);

/** The problems of one check for one observation row (line 2), as [column, message]. */
export const observationProblems = (check: ObservationCheck, row: Partial<ObservationRow>) =>
  check
    .check(
      observedPairings(OBSERVED_DATA, [
        located('observations', 2, observation({ vehicle: NA_CAR.slug, region: 'NA', ...row })),
      ]),
    )
    .map((p) => [p.column, p.message]);
