// The style and plausibility checks: plausibility, sorted-rows, sources-cited, each at its exact position.
import { NOTHING_PUBLISHED } from '../../build/data/checks/check.ts';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../build/data/checks/run.ts';
import { PLAUSIBLE, plausibility } from '../../build/data/checks/plausibility.ts';
import { sortedRows } from '../../build/data/checks/sorted-rows.ts';
import { sourcesCited } from '../../build/data/checks/sources-cited.ts';
import { charger, connectorRow, located, source, tables, vehicle, vehicleRegion } from '../helpers/rows.ts';

const V = 'data/vehicles.csv';

describe('plausibility', () => {
  it('accepts figures inside every range', () => {
    const t = tables({
      vehicles: [located('vehicles', 2, vehicle())],
      chargers: [located('chargers', 2, charger())],
      chargerConnectors: [located('chargerConnectors', 2, connectorRow({ max_kw: 350, max_current_a: 500 }))],
    });
    expect(plausibility.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });

  it('reports a battery, a pack voltage and a model year outside their ranges, and DC not above AC', () => {
    const t = tables({
      vehicles: [
        located('vehicles', 2, vehicle({ slug: 'a', battery_kwh_usable: PLAUSIBLE.batteryKwh.min - 1 })),
        located('vehicles', 3, vehicle({ slug: 'b', architecture_voltage_v: 1100 })),
        located('vehicles', 4, vehicle({ slug: 'c', model_year: PLAUSIBLE.modelYear.max + 1 })),
        located('vehicles', 5, vehicle({ slug: 'd', max_dc_kw_oem: 11, max_ac_kw_oem: 11 })),
        located(
          'vehicles',
          6,
          vehicle({ slug: 'e', architecture_voltage_v: 800, max_dc_kw_oem: 200, boost_dc_kw: 250 }),
        ),
      ],
    });
    expect(plausibility.check(t, NOTHING_PUBLISHED).map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual(
      [
        `${V}:2:6 usable battery 9 kWh is outside 10–250 kWh`,
        `${V}:4:5 model year ${PLAUSIBLE.modelYear.max + 1} is outside ${PLAUSIBLE.modelYear.min}–${PLAUSIBLE.modelYear.max}`,
        `${V}:5:8 peak DC 11 kW is not above on-board AC 11 kW`,
        `${V}:6:9 boost 250 kW is above the peak DC 200 kW`,
      ],
    );
  });

  it("reports a DC connector whose kW its unit's voltage and current cannot reach, or above the unit's nominal", () => {
    const t = tables({
      chargers: [located('chargers', 2, charger({ output_voltage_max_v: 500, nominal_max_kw: 350 }))],
      chargerConnectors: [
        located('chargerConnectors', 2, connectorRow({ max_kw: 350, max_current_a: 500 })),
        located('chargerConnectors', 3, connectorRow({ region: 'GB', max_kw: 400, max_current_a: 1000 })),
      ],
    });
    expect(plausibility.check(t, NOTHING_PUBLISHED).map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual(
      [
        'data/charger_connectors.csv:2:4 350 kW cannot be reached: 500 V × 500 A is 250 kW',
        "data/charger_connectors.csv:3:4 connector max_kw 400 is above the unit's nominal_max_kw 350",
      ],
    );
  });
});

describe('sorted-rows', () => {
  it('accepts rows in order, regions in the order EU, TR, NA, GB', () => {
    const t = tables({
      vehicleRegions: ['EU', 'TR', 'NA', 'GB'].map((region, i) =>
        located('vehicleRegions', i + 2, vehicleRegion({ region: region as 'EU' })),
      ),
    });
    expect(sortedRows.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });

  it('reports the first row out of order in each file, with the fix hint', () => {
    const t = tables({
      vehicles: [
        located('vehicles', 2, vehicle({ slug: 'b-car' })),
        located('vehicles', 3, vehicle({ slug: 'a-car' })),
        located('vehicles', 4, vehicle({ slug: 'a-car-2' })),
      ],
      vehicleRegions: [
        located('vehicleRegions', 2, vehicleRegion({ region: 'GB' })),
        located('vehicleRegions', 3, vehicleRegion({ region: 'NA' })),
      ],
    });
    expect(sortedRows.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: V,
        line: 3,
        column: 1,
        check: 'sorted-rows',
        message: 'row a-car is out of order: it belongs before line 2',
        hint: 'run npm run fix',
      },
      {
        file: 'data/vehicle_regions.csv',
        line: 3,
        column: 1,
        check: 'sorted-rows',
        message: 'row test-car-2024-eu NA is out of order: it belongs before line 2',
        hint: 'run npm run fix',
      },
    ]);
  });
});

describe('sources-cited', () => {
  it('reports a source no row cites, at its id', () => {
    const t = tables({
      sources: [located('sources', 2, source()), located('sources', 7, source({ id: 'orphan' }))],
      vehicles: [located('vehicles', 2, vehicle())],
    });
    expect(sourcesCited.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: 'data/sources.yaml',
        line: 7,
        column: 1,
        check: 'sources-cited',
        message: 'source "orphan" is cited by no row',
        hint: 'cite it or remove it',
        needsEveryRow: true,
      },
    ]);
  });

  it('says nothing about unused sources when a row was rejected (it may have been the one citing it)', () => {
    const t = tables({ sources: [located('sources', 2, source({ id: 'orphan' }))] });
    expect(
      runChecks([sourcesCited], t, NOTHING_PUBLISHED, { rejected: { vehicles: new Set(['rejected-car']) } }),
    ).toEqual([]);
    expect(runChecks([sourcesCited], t, NOTHING_PUBLISHED)).toHaveLength(1);
  });
});
