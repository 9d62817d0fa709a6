// The "plausibility" check (build/checks/plausibility.ts), at the exact position of each problem it reports.
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { describe, expect, it } from 'vitest';
import { PLAUSIBLE, plausibility } from '../../build/checks/plausibility.ts';
import { charger, column, connectorRow, located, tables, vehicle } from '../helpers/rows.ts';

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
        `${V}:5:${column('vehicles', 'max_dc_kw_oem')} peak DC 11 kW is not above on-board AC 11 kW`,
        `${V}:6:${column('vehicles', 'boost_dc_kw')} boost 250 kW is above the peak DC 200 kW`,
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
