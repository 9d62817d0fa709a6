// Table sets for the check tests: a consistent set (each test breaks one thing and expects one problem), one vehicle
// with its region rows, a context of published slugs, and the messages of problems.
import type { CheckContext, LoadedTables } from '../../build/data/load.ts';
import {
  CONNECTORS,
  PROTOCOLS,
  adapter,
  charger,
  connectorRow,
  located,
  observation,
  source,
  tables,
  vehicle,
  vehicleRegion,
  wallbox,
} from './rows.ts';

/** A consistent set: one EU car, a DC unit and a wallbox in the EU, an observation, all cited sources defined. */
export function cleanTables(): LoadedTables {
  return tables({
    sources: [located('sources', 2, source({ id: 'bench-test', kind: 'testing' })), located('sources', 7, source())],
    connectors: [...CONNECTORS.values()].map((c, i) => located('connectors', 2 + 3 * i, c)),
    protocols: PROTOCOLS.map((p, i) => located('protocols', 2 + 4 * i, p)),
    adapters: [located('adapters', 2, adapter({ source: ['spec-sheet'] }))],
    vehicles: [located('vehicles', 2, vehicle({ protocols: ['ISO15118-2'] }))],
    vehicleRegions: [located('vehicleRegions', 2, vehicleRegion())],
    chargers: [located('chargers', 2, charger({ protocols: ['ISO15118-2'] })), located('chargers', 3, wallbox())],
    chargerConnectors: [
      located('chargerConnectors', 2, connectorRow()),
      located(
        'chargerConnectors',
        3,
        connectorRow({ charger: 'test-wall-22', connector: 'type2', max_current_a: 32, phases: 3 }),
      ),
    ],
    observations: [located('observations', 2, observation({ source: ['bench-test'] }))],
  });
}

/** One vehicle row (line 2) and the region rows given (lines 2…). */
export function withVehicle(
  overrides: Parameters<typeof vehicle>[0],
  regions: Parameters<typeof vehicleRegion>[0][] = [],
): LoadedTables {
  return tables({
    vehicles: [located('vehicles', 2, vehicle(overrides))],
    vehicleRegions: regions.map((r, i) => located('vehicleRegions', 2 + i, vehicleRegion(r))),
  });
}

/** What the ledger shows was published: these vehicle and charger slugs. */
export const published = (vehicles: string[], chargers: string[] = []): CheckContext => ({
  published: { vehicles: new Set(vehicles), chargers: new Set(chargers) },
});

export const messages = (problems: { message: string }[]) => problems.map((p) => p.message);
