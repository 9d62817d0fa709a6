import { describe, expect, it } from 'vitest';
import { dcPower, dcVoltageWindow } from '../../build/derive/rules/dc-power.ts';
import { adapter, charger, connectorRow, path, vehicle } from '../helpers/rows.ts';

/** An 800 V car on a charger that tops out at 500 V. */
const car800 = (boost: number | null) =>
  vehicle({ architecture_voltage_v: 800, max_dc_kw_oem: 230, boost_dc_kw: boost });
const charger500 = charger({
  slug: 'test-dc-50',
  nominal_max_kw: 300,
  output_voltage_min_v: 150,
  output_voltage_max_v: 500,
});

describe('dcVoltageWindow', () => {
  it('is direct when the charger maximum reaches the pack voltage (boundary included)', () => {
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 400 }), charger())).toEqual({ mode: 'direct' });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 500 }), charger500)).toEqual({ mode: 'direct' });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 400 }), charger({ output_voltage_min_v: null }))).toEqual({
      mode: 'direct',
    });
  });

  it('is unchecked when the pack voltage is unknown', () => {
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: null }), charger500)).toEqual({
      mode: 'unchecked',
      reason: 'vehicle pack voltage',
    });
  });

  it('is unchecked when the charger maximum is unknown', () => {
    const noMax = charger({ output_voltage_max_v: null });
    expect(dcVoltageWindow(vehicle(), noMax)).toEqual({ mode: 'unchecked', reason: 'charger output voltage range' });
  });

  it('is impossible when the charger minimum is above the pack, even with the maximum unknown', () => {
    const highMin = charger({ output_voltage_min_v: 500, output_voltage_max_v: null });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 400 }), highMin)).toEqual({
      mode: 'impossible',
      reason: 'charger minimum 500 V is above the 400 V pack',
    });
  });

  it('caps an 800 V pack on a 500 V charger at the boost power', () => {
    expect(dcVoltageWindow(car800(50), charger500)).toEqual({ mode: 'boost', capKw: 50 });
  });

  it('is impossible for an 800 V pack on a 500 V charger without a boost path', () => {
    expect(dcVoltageWindow(car800(0), charger500)).toEqual({
      mode: 'impossible',
      reason: 'charger maximum 500 V is below the 800 V pack and the vehicle has no boost path',
    });
  });

  it('is boost-unknown when the boost figure is missing', () => {
    expect(dcVoltageWindow(car800(null), charger500)).toEqual({ mode: 'boost-unknown' });
  });
});

describe('dcPower', () => {
  it('takes the vehicle peak when the charger side can give more (not limited)', () => {
    const p = dcPower(vehicle({ max_dc_kw_oem: 150 }), charger(), path());
    expect(p).toEqual({
      kw: 150,
      chargerLimited: false,
      impossible: null,
      missing: [],
      unchecked: ['connector current limit'],
    });
  });

  it("caps at the unit's nominal power when the connector has no own cap", () => {
    const p = dcPower(vehicle({ max_dc_kw_oem: 400 }), charger({ nominal_max_kw: 350 }), path());
    expect(p.kw).toBe(350);
    expect(p.chargerLimited).toBe(true);
  });

  it("caps at the connector's max_kw before the unit's nominal power", () => {
    const p = dcPower(
      vehicle({ max_dc_kw_oem: 150 }),
      charger({ nominal_max_kw: 350 }),
      path({ connector: connectorRow({ max_kw: 100 }) }),
    );
    expect(p.kw).toBe(100);
    expect(p.chargerLimited).toBe(true);
  });

  it("caps at the adapter's max_kw, and not at all when the adapter cap is unknown", () => {
    const big = vehicle({ max_dc_kw_oem: 250 });
    expect(dcPower(big, charger(), path({ adapter: adapter({ max_kw: 150 }) }))).toMatchObject({
      kw: 150,
      chargerLimited: true,
    });
    expect(dcPower(big, charger(), path({ adapter: adapter({ max_kw: null }) }))).toMatchObject({
      kw: 250,
      chargerLimited: false,
    });
  });

  it('caps at max_current_a × pack voltage', () => {
    const p = dcPower(
      vehicle({ max_dc_kw_oem: 150, architecture_voltage_v: 400 }),
      charger(),
      path({ connector: connectorRow({ max_current_a: 200 }) }),
    );
    expect(p).toEqual({ kw: 80, chargerLimited: true, impossible: null, missing: [], unchecked: [] });
  });

  it('rounds the current cap to 0.1 kW', () => {
    const p = dcPower(
      vehicle({ architecture_voltage_v: 397 }),
      charger(),
      path({ connector: connectorRow({ max_current_a: 125 }) }),
    );
    expect(p.kw).toBe(49.6);
  });

  it('does not mark the edge limited when the vehicle is the cap', () => {
    const p = dcPower(
      vehicle({ max_dc_kw_oem: 50 }),
      charger(),
      path({ connector: connectorRow({ max_kw: 50, max_current_a: 500 }) }),
    );
    expect(p).toMatchObject({ kw: 50, chargerLimited: false });
  });

  it('on boost, caps at the boost power and computes the current cap at the charger maximum voltage', () => {
    const lowBoost = dcPower(car800(50), charger500, path({ connector: connectorRow({ max_current_a: 300 }) }));
    expect(lowBoost).toEqual({ kw: 50, chargerLimited: true, impossible: null, missing: [], unchecked: [] });
    // 300 A × 500 V = 150 kW, below a 200 kW boost path (300 A × 800 V would wrongly give 240 kW).
    const highBoost = dcPower(car800(200), charger500, path({ connector: connectorRow({ max_current_a: 300 }) }));
    expect(highBoost.kw).toBe(150);
  });

  it('returns kw 0 and the reason when the voltage window rules charging out', () => {
    expect(dcPower(car800(0), charger500, path())).toEqual({
      kw: 0,
      chargerLimited: false,
      impossible: 'charger maximum 500 V is below the 800 V pack and the vehicle has no boost path',
      missing: [],
      unchecked: [],
    });
  });

  it('lists the boost figure as missing when it is unknown', () => {
    const p = dcPower(car800(null), charger500, path({ connector: connectorRow({ max_current_a: 300 }) }));
    expect(p).toEqual({
      kw: null,
      chargerLimited: false,
      impossible: null,
      missing: ['vehicle boost_dc_kw (pack voltage is above the charger maximum)'],
      unchecked: [],
    });
  });

  it('gives kw null and lists the vehicle DC maximum as missing', () => {
    const p = dcPower(
      vehicle({ max_dc_kw_oem: null }),
      charger(),
      path({ connector: connectorRow({ max_current_a: 500 }) }),
    );
    expect(p).toEqual({
      kw: null,
      chargerLimited: false,
      impossible: null,
      missing: ['vehicle max_dc_kw_oem'],
      unchecked: [],
    });
  });

  it('estimates but records unchecked inputs when the pack voltage is unknown', () => {
    const p = dcPower(
      vehicle({ architecture_voltage_v: null }),
      charger(),
      path({ connector: connectorRow({ max_current_a: 200 }) }),
    );
    expect(p).toEqual({
      kw: 150,
      chargerLimited: false,
      impossible: null,
      missing: [],
      unchecked: ['vehicle pack voltage', 'connector current limit'],
    });
  });

  it('uses the pack voltage for the current cap when only the charger voltage range is unknown', () => {
    const p = dcPower(
      vehicle(),
      charger({ output_voltage_max_v: null }),
      path({ connector: connectorRow({ max_current_a: 200 }) }),
    );
    expect(p).toEqual({
      kw: 80,
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: ['charger output voltage range'],
    });
  });
});
