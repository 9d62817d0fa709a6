import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/data/checks/check.ts';
import { consistency } from '../../build/data/checks/consistency.ts';
import { FILE_CHECKS, TABLE_CHECKS } from '../../build/data/checks/index.ts';
import { runChecks } from '../../build/data/checks/run.ts';
import type { TableCheck } from '../../build/data/checks/check.ts';
import { references } from '../../build/data/checks/references.ts';
import { reservedSlugs } from '../../build/data/checks/reserved-slugs.ts';
import { uniqueKeys } from '../../build/data/checks/unique-keys.ts';
import { checkTables } from '../../build/data/dataset.ts';
import { loadTables, type LoadedTables } from '../../build/data/load.ts';
import {
  CONNECTORS,
  PROTOCOLS,
  adapter,
  charger,
  column,
  connectorRow,
  located,
  observation,
  source,
  tables,
  vehicle,
  vehicleRegion,
  wallbox,
} from '../helpers/rows.ts';

/** A consistent set: one EU car, a DC unit and a wallbox in the EU, an observation, all cited sources defined. */
function clean(): LoadedTables {
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

const V = 'data/vehicles.csv';
const C = 'data/chargers.csv';

describe('data checks on a clean table set', () => {
  it('are all registered: every module of build/data/checks/ (but the shared ones) is in the registry under its file name', () => {
    const modules = readdirSync('build/data/checks')
      .filter((f) => !['check.ts', 'index.ts', 'run.ts', 'citations.ts'].includes(f))
      .map((f) => f.replace(/\.ts$/, ''));
    expect([...FILE_CHECKS, ...TABLE_CHECKS].map((c) => c.name).sort()).toEqual(modules.sort());
  });

  it('find no problem in a consistent set', () => {
    for (const check of TABLE_CHECKS) expect(check.check(clean(), NOTHING_PUBLISHED)).toEqual([]);
    expect(checkTables(clean(), NOTHING_PUBLISHED)).toEqual([]);
  });

  it('find no problem in the mini fixture (its slugs were published before the slug conventions, so they are exempt)', async () => {
    const { tables: loaded, problems, context } = loadTables('tests/fixtures/mini');
    expect(problems).toEqual([]);
    expect(checkTables(loaded, context)).toEqual([]);
    expect(checkTables(loaded, NOTHING_PUBLISHED).map((problem) => problem.check)).toContain('slug-conventions');
  });
});

describe('the check runner', () => {
  const crashing: TableCheck = {
    name: 'crashing',
    description: 'throws',
    severity: 'error',
    check: () => {
      throw new Error('boom');
    },
  };
  const styleOnly: TableCheck = {
    name: 'style-only',
    description: 'always one problem',
    severity: 'style',
    check: () => [{ file: V, line: 2, column: 1, check: 'style-only', message: 'style' }],
  };

  it('reports a crashing check as a problem of its own and still runs the others', () => {
    const problems = runChecks([crashing, ...TABLE_CHECKS, styleOnly], clean(), NOTHING_PUBLISHED);
    expect(problems.map((p) => [p.check, p.message])).toEqual([
      ['crashing', 'the check crashed, so its problems are unknown (a bug in the check, not in your data): boom'],
      ['style-only', 'style'],
    ]);
  });

  it('runs only the severities asked for (the build runs errors only)', () => {
    expect(runChecks([styleOnly], clean(), NOTHING_PUBLISHED, { severities: ['error'] })).toEqual([]);
    expect(runChecks([styleOnly], clean(), NOTHING_PUBLISHED, { severities: ['style'] })).toHaveLength(1);
  });

  it('drops a dangling reference to a row the schema rejected, and keeps it otherwise', () => {
    const t = clean();
    t.vehicleRegions.push(located('vehicleRegions', 3, vehicleRegion({ vehicle: 'rejected-car' })));
    expect(runChecks([references], t, NOTHING_PUBLISHED).map((p) => p.message)).toEqual([
      'vehicle "rejected-car" is not defined in data/vehicles.csv',
    ]);
    expect(
      runChecks([references], t, NOTHING_PUBLISHED, { rejected: { vehicles: new Set(['rejected-car']) } }),
    ).toEqual([]);
    expect(runChecks([references], t, NOTHING_PUBLISHED, { rejected: { vehicles: 'all' } })).toEqual([]);
  });
});

describe('unique-keys', () => {
  it('reports each repeat of a vehicle slug at the repeat, naming the first line', () => {
    const t = clean();
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
    const t = clean();
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
    const t = clean();
    t.chargers.push(located('chargers', 4, charger({ slug: 'test-car-2024-eu' })));
    t.chargerConnectors.push(located('chargerConnectors', 4, connectorRow({ charger: 'test-car-2024-eu' })));
    expect(uniqueKeys.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });
});

describe('reserved-slugs', () => {
  it('reports a vehicle or charger slug that is an API path word', () => {
    const t = clean();
    t.vehicles.push(located('vehicles', 3, vehicle({ slug: 'compatibility' })));
    t.chargers.push(located('chargers', 7, charger({ slug: 'compatibility' })));
    t.sources.push(located('sources', 12, source({ id: 'compatibility' })));
    expect(reservedSlugs.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: V,
        line: 3,
        column: 1,
        check: 'reserved-slugs',
        message: 'slug "compatibility" is reserved by the API paths',
      },
      {
        file: C,
        line: 7,
        column: 1,
        check: 'reserved-slugs',
        message: 'slug "compatibility" is reserved by the API paths',
      },
    ]);
  });
});

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
    const t = clean();
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
    const t = clean();
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
      problem(V, 3, column('vehicles', 'protocols'), 'protocol "Made-Up" is not defined in data/protocols.yaml'),
      problem('data/protocols.yaml', 40, 4, 'connector "gbt" is not defined in data/connectors.yaml'),
    ]);
  });

  it('reports adapter and inlet connectors that are unknown or carry the other current', () => {
    const t = clean();
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
      problem('data/adapters.yaml', 12, 5, 'connector "gbt" is not defined in data/connectors.yaml'),
      problem('data/vehicle_regions.csv', 3, 3, 'connector "ccs2" does not carry AC'),
      problem('data/vehicle_regions.csv', 3, 4, 'connector "type2" does not carry DC'),
    ]);
  });

  it('reports rows of vehicle_regions and charger_connectors that name unknown vehicles, chargers, connectors', () => {
    const t = clean();
    t.vehicleRegions.push(located('vehicleRegions', 3, vehicleRegion({ vehicle: 'ghost-car' })));
    t.chargerConnectors.push(located('chargerConnectors', 4, connectorRow({ charger: 'ghost-box', connector: 'gbt' })));
    expect(check(t)).toEqual([
      problem('data/vehicle_regions.csv', 3, 1, 'vehicle "ghost-car" is not defined in data/vehicles.csv'),
      problem('data/charger_connectors.csv', 4, 1, 'charger "ghost-box" is not defined in data/chargers.csv'),
      problem('data/charger_connectors.csv', 4, 3, 'connector "gbt" is not defined in data/connectors.yaml'),
    ]);
  });

  it('reports observations of unknown vehicles and chargers, or of a region where either is absent', () => {
    const t = clean();
    const O = 'data/observations.csv';
    t.observations.push(
      located('observations', 3, observation({ vehicle: 'ghost-car', charger: 'ghost-box', source: ['bench-test'] })),
      located('observations', 4, observation({ region: 'GB', source: ['bench-test'] })),
    );
    expect(check(t)).toEqual([
      problem(O, 3, 1, 'vehicle "ghost-car" is not defined in data/vehicles.csv'),
      problem(O, 3, 2, 'charger "ghost-box" is not defined in data/chargers.csv'),
      problem(O, 4, 3, 'vehicle "test-car-2024-eu" has no row for region GB in data/vehicle_regions.csv'),
      problem(O, 4, 3, 'charger "test-hpc-350" has no connector for region GB in data/charger_connectors.csv'),
    ]);
  });
});

describe('consistency', () => {
  const problem = (file: string, line: number, column: number, message: string) => ({
    file,
    line,
    column,
    check: 'consistency',
    message,
  });

  it('reports a DC voltage range whose minimum is above its maximum', () => {
    const t = clean();
    t.chargers.push(
      located('chargers', 4, charger({ slug: 'test-hpc-350', output_voltage_min_v: 900, output_voltage_max_v: 500 })),
    );
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem(C, 4, 6, 'output_voltage_min_v (900) is above output_voltage_max_v (500)'),
    ]);
  });

  it('reports a voltage range on an AC unit, at the first filled column', () => {
    const t = clean();
    t.chargers.push(
      located('chargers', 4, wallbox({ output_voltage_min_v: 200 })),
      located('chargers', 5, wallbox({ output_voltage_max_v: 400 })),
    );
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem(C, 4, 6, 'an AC unit has no DC output voltage range; leave it empty'),
      problem(C, 5, 7, 'an AC unit has no DC output voltage range; leave it empty'),
    ]);
  });

  it('reports a charger without any connector row', () => {
    const t = clean();
    t.chargers.push(located('chargers', 4, charger({ slug: 'lonely-box' })));
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem(
        C,
        4,
        1,
        'charger "lonely-box" has no row in data/charger_connectors.csv, so it is available in no region',
      ),
    ]);
  });

  it('reports a "no" observation with power, but accepts 0 or empty', () => {
    const t = clean();
    t.observations.push(
      located('observations', 3, observation({ state: 'no', kw: 50 })),
      located('observations', 4, observation({ state: 'no', kw: 0 })),
      located('observations', 5, observation({ state: 'no', kw: null })),
    );
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem('data/observations.csv', 3, 5, 'state "no" means no charging; kw must be empty or 0, got 50'),
    ]);
  });
});
