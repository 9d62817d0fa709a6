// The "references" check (build/checks/references.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { references } from '../../build/checks/references.ts';
import { type LoadedTables } from '../../build/data/load.ts';
import {
  adapter,
  column,
  connectorRow,
  located,
  observation,
  source,
  vehicle,
  vehicleRegion,
} from '../helpers/rows.ts';
import { cleanTables } from '../helpers/check-tables.ts';

const V = 'data/vehicles.csv';
/** The fixture's connectors and protocols, listed in full beside an unknown one (small vocabularies). */
const CONNECTORS = 'ccs1, ccs2, chademo, nacs, type1, type2';
const PROTOCOLS = 'CHAdeMO, DIN70121, IEC61851-1, ISO15118-2, ISO15118-20, Tesla, GBT27930';

describe('references', () => {
  const problem = (file: string, line: number, column: number, message: string) => ({
    file,
    line,
    column,
    check: 'references',
    message,
  });
  /** The problems without `about` (what the runner uses to drop echoes of rejected rows; tested with the runner). */
  const check = (t: LoadedTables) => references.check(t, NOTHING_PUBLISHED).map(({ about: _about, ...rest }) => rest);

  it('reports undefined and "derived" sources at the source column', () => {
    const t = cleanTables();
    t.sources.push(located('sources', 12, source({ id: 'rules', kind: 'derived' })));
    t.vehicles.push(located('vehicles', 3, vehicle({ slug: 'other-car', source: ['spec-sheet', 'nowhere', 'rules'] })));
    t.adapters.push(located('adapters', 12, adapter({ id: 'a2', source: ['nowhere'] })));
    expect(check(t)).toEqual([
      problem(V, 3, column('vehicles', 'source'), 'source "nowhere" is not defined in data/sources.yaml'),
      problem(
        V,
        3,
        column('vehicles', 'source'),
        'source "rules" has kind "derived", which is reserved for the derivation rules',
      ),
      problem('data/adapters.yaml', 12, 13, 'source "nowhere" is not defined in data/sources.yaml'),
    ]);
  });

  it('reports unknown protocols and connectors named by protocols', () => {
    const t = cleanTables();
    t.vehicles.push(located('vehicles', 3, vehicle({ slug: 'other-car', protocols: ['ISO15118-2', 'Made-Up'] })));
    t.protocols.push(
      located('protocols', 40, {
        id: 'GBT27930',
        name: 'GB/T',
        current: 'DC',
        implied_by: ['gbt'],
        proprietary_to: null,
      }),
    );
    expect(check(t)).toEqual([
      problem(
        V,
        3,
        column('vehicles', 'protocols'),
        `protocol "Made-Up" is not defined in data/protocols.yaml; defined: ${PROTOCOLS}`,
      ),
      problem(
        'data/protocols.yaml',
        40,
        4,
        `connector "gbt" is not defined in data/connectors.yaml; defined: ${CONNECTORS}`,
      ),
    ]);
  });

  it('reports adapter and inlet connectors that are unknown or carry the other current', () => {
    const t = cleanTables();
    t.adapters.push(
      located(
        'adapters',
        12,
        adapter({ id: 'odd', vehicle_inlet: 'type2', charger_connector: 'gbt', source: ['spec-sheet'] }),
      ),
    );
    t.vehicleRegions.push(
      located('vehicleRegions', 3, vehicleRegion({ region: 'GB', ac_inlet: 'ccs2', dc_inlet: 'type2' })),
    );
    expect(check(t)).toEqual([
      problem('data/adapters.yaml', 12, 4, 'connector "type2" does not carry DC'),
      problem(
        'data/adapters.yaml',
        12,
        5,
        `connector "gbt" is not defined in data/connectors.yaml; defined: ${CONNECTORS}`,
      ),
      problem('data/vehicle_regions.csv', 3, 3, 'connector "ccs2" does not carry AC'),
      problem('data/vehicle_regions.csv', 3, 4, 'connector "type2" does not carry DC'),
    ]);
  });

  it('reports rows of vehicle_regions and charger_connectors that name unknown vehicles, chargers, connectors', () => {
    const t = cleanTables();
    t.vehicleRegions.push(located('vehicleRegions', 3, vehicleRegion({ vehicle: 'ghost-car' })));
    t.chargerConnectors.push(located('chargerConnectors', 4, connectorRow({ charger: 'ghost-box', connector: 'gbt' })));
    expect(check(t)).toEqual([
      problem('data/vehicle_regions.csv', 3, 1, 'vehicle "ghost-car" is not defined in data/vehicles.csv'),
      problem('data/charger_connectors.csv', 4, 1, 'charger "ghost-box" is not defined in data/chargers.csv'),
      problem(
        'data/charger_connectors.csv',
        4,
        3,
        `connector "gbt" is not defined in data/connectors.yaml; defined: ${CONNECTORS}`,
      ),
    ]);
  });

  it('reports observations of unknown vehicles and chargers, or of a region where either is absent', () => {
    const t = cleanTables();
    const O = 'data/observations.csv';
    t.observations.push(
      located('observations', 3, observation({ vehicle: 'ghost-car', charger: 'ghost-box', source: ['bench-test'] })),
      located('observations', 4, observation({ region: 'GB', source: ['bench-test'] })),
    );
    expect(check(t)).toEqual([
      problem(O, 3, 1, 'vehicle "ghost-car" is not defined in data/vehicles.csv'),
      problem(O, 3, 2, 'charger "ghost-box" is not defined in data/chargers.csv'),
      problem(
        O,
        4,
        3,
        'vehicle "test-car-2024-eu" has no row for region GB in data/vehicle_regions.csv; it has rows for EU',
      ),
      problem(
        O,
        4,
        3,
        'charger "test-hpc-350" has no connector for region GB in data/charger_connectors.csv; it has rows for EU',
      ),
    ]);
  });

  it('suggests the closest id when one is close, and lists no vehicles, chargers or sources', () => {
    const t = cleanTables();
    const O = 'data/observations.csv';
    t.observations.push(
      located(
        'observations',
        3,
        observation({ vehicle: 'test-car-2042-eu', charger: 'test-hpc-530', source: ['bench-tset'] }),
      ),
    );
    t.chargerConnectors.push(located('chargerConnectors', 4, connectorRow({ connector: 'CCS2' })));
    expect(check(t)).toEqual([
      problem(
        O,
        3,
        column('observations', 'source'),
        'source "bench-tset" is not defined in data/sources.yaml; did you mean "bench-test"?',
      ),
      problem(
        'data/charger_connectors.csv',
        4,
        3,
        `connector "CCS2" is not defined in data/connectors.yaml; did you mean "ccs2"? defined: ${CONNECTORS}`,
      ),
      problem(
        O,
        3,
        1,
        'vehicle "test-car-2042-eu" is not defined in data/vehicles.csv; did you mean "test-car-2024-eu"?',
      ),
      problem(O, 3, 2, 'charger "test-hpc-530" is not defined in data/chargers.csv; did you mean "test-hpc-350"?'),
    ]);
  });
});
