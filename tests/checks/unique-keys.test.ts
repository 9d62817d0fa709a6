// The "unique-keys" check (build/checks/unique-keys.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { uniqueKeys } from '../../build/checks/unique-keys.ts';
import {
  charger,
  connectorRow,
  located,
  network,
  networkLink,
  networkRegion,
  observation,
  source,
  vehicle,
  vehicleRegion,
} from '../helpers/rows.ts';
import { cleanTables } from '../helpers/check-tables.ts';

const V = 'data/vehicles.csv';

const C = 'data/chargers.csv';

describe('unique-keys', () => {
  it('reports each repeat of a vehicle slug at the repeat, naming the first line', () => {
    const t = cleanTables();
    t.vehicles.push(located('vehicles', 5, vehicle()), located('vehicles', 9, vehicle()));
    expect(uniqueKeys.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: V,
        line: 5,
        column: 1,
        check: 'unique-keys',
        message: 'vehicle slug "test-car-2024-eu" is already defined on line 2',
      },
      {
        file: V,
        line: 9,
        column: 1,
        check: 'unique-keys',
        message: 'vehicle slug "test-car-2024-eu" is already defined on line 2',
      },
    ]);
  });

  it('reports per-region keys at the column that makes them differ', () => {
    const t = cleanTables();
    t.vehicleRegions.push(
      located('vehicleRegions', 3, vehicleRegion({ region: 'GB' })),
      located('vehicleRegions', 4, vehicleRegion()),
    );
    t.chargerConnectors.push(located('chargerConnectors', 4, connectorRow({ max_kw: 50 })));
    t.observations.push(located('observations', 3, observation({ state: 'ok' })));
    t.sources.push(located('sources', 12, source({ title: 'again' })));
    t.chargers.push(located('chargers', 4, charger({ brand: 'Other' })));
    expect(uniqueKeys.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: 'data/sources.yaml',
        line: 12,
        column: 1,
        check: 'unique-keys',
        message: 'source id "spec-sheet" is already defined on line 7',
      },
      {
        file: C,
        line: 4,
        column: 1,
        check: 'unique-keys',
        message: 'charger slug "test-hpc-350" is already defined on line 2',
      },
      {
        file: 'data/vehicle_regions.csv',
        line: 4,
        column: 2,
        check: 'unique-keys',
        message: 'vehicle and region "test-car-2024-eu EU" is already defined on line 2',
      },
      {
        file: 'data/charger_connectors.csv',
        line: 4,
        column: 3,
        check: 'unique-keys',
        message: 'charger, region and connector "test-hpc-350 EU ccs2" is already defined on line 2',
      },
      {
        file: 'data/observations.csv',
        line: 3,
        column: 3,
        check: 'unique-keys',
        message:
          'observation of vehicle, charger and region "test-car-2024-eu test-hpc-350 EU" is already defined on line 2',
      },
    ]);
  });

  it('allows the same slug for a vehicle and a charger', () => {
    const t = cleanTables();
    t.chargers.push(located('chargers', 4, charger({ slug: 'test-car-2024-eu' })));
    t.chargerConnectors.push(located('chargerConnectors', 4, connectorRow({ charger: 'test-car-2024-eu' })));
    expect(uniqueKeys.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });

  it('reports a network slug, a network region and a network charger link defined twice', () => {
    const t = cleanTables();
    t.networks.push(located('networks', 2, network()), located('networks', 3, network({ name: 'Again' })));
    t.networkRegions.push(located('networkRegions', 2, networkRegion()), located('networkRegions', 3, networkRegion()));
    t.networkChargers.push(located('networkChargers', 2, networkLink()), located('networkChargers', 5, networkLink()));
    expect(uniqueKeys.check(t, NOTHING_PUBLISHED).map((p) => [p.file, p.line, p.column, p.message])).toEqual([
      ['data/networks.csv', 3, 1, 'network slug "test-net" is already defined on line 2'],
      ['data/network_regions.csv', 3, 2, 'network and region "test-net EU" is already defined on line 2'],
      [
        'data/network_chargers.csv',
        5,
        3,
        'network, region and charger "test-net EU test-hpc-350" is already defined on line 2',
      ],
    ]);
  });
});
