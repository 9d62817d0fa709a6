// A consistent table set, the starting point of the check tests: each test breaks one thing and expects one problem.
import type { LoadedTables } from '../../build/data/load.ts';
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
