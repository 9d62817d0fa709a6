// Rule "dc-power": the voltage window, the caps of outlet, adapter, boost and current, and which missing figure decides.
import { describe, expect, it } from 'vitest';
import { OUTLET_CAP_MISSING } from '../../../build/derive/outlet.ts';
import { CLASS_800_V, dcPower, dcVoltageWindow, HIGHEST_PACK_V } from '../../../build/derive/rules/dc-power.ts';
import { adapter, charger, connectorRow, path, vehicle } from '../../helpers/rows.ts';

/** An 800 V car on a charger that tops out at 500 V. */
const car800 = (boost: number | null) =>
  vehicle({ architecture_voltage_v: 800, max_dc_kw_oem: 230, boost_dc_kw: boost });
const charger500 = charger({
  slug: 'test-dc-50',
  nominal_max_kw: 300,
  output_voltage_min_v: 150,
  output_voltage_max_v: 500,
});
/** The unit's outlets: one CCS2 cable unless given. */
const ONE_OUTLET = [connectorRow()];
const power = (v = vehicle(), c = charger(), p = path(), outlets = ONE_OUTLET) => dcPower(v, c, p, outlets);

describe('dcVoltageWindow', () => {
  it('is direct when the charger maximum reaches the pack voltage (boundary included)', () => {
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 400 }), charger())).toEqual({ mode: 'direct' });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 500 }), charger500)).toEqual({ mode: 'direct' });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 400 }), charger({ output_voltage_min_v: null }))).toEqual({
      mode: 'direct',
    });
  });

  it('needs the pack voltage at a unit whose maximum is below the highest pack (it decides the answer)', () => {
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: null }), charger500)).toEqual({
      mode: 'unknown',
      missing: "vehicle architecture_voltage_v (the unit's maximum is 500 V)",
    });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: null }), charger())).toMatchObject({ mode: 'unknown' });
  });

  it('does not need the pack voltage at a unit that reaches the highest pack, nor where neither voltage is stated', () => {
    const reachesAll = charger({ output_voltage_max_v: HIGHEST_PACK_V });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: null }), reachesAll)).toEqual({
      mode: 'unchecked',
      reason: 'vehicle pack voltage',
    });
    const noMax = charger({ output_voltage_max_v: null });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: null }), noMax)).toEqual({
      mode: 'unchecked',
      reason: 'vehicle pack voltage',
    });
  });

  it('leaves an unknown charger maximum unchecked for a 400 V-class pack, and needs it for an 800 V-class pack', () => {
    const noMax = charger({ output_voltage_max_v: null });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: CLASS_800_V - 1 }), noMax)).toEqual({
      mode: 'unchecked',
      reason: 'charger output voltage range',
    });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: CLASS_800_V }), noMax)).toEqual({
      mode: 'unknown',
      missing: 'charger output_voltage_max_v (an 800 V-class 600 V pack may be above it)',
    });
  });

  it('for an 800 V-class pack with a boost path at a unit of unknown maximum, is direct or boosted', () => {
    expect(dcVoltageWindow(car800(126), charger({ output_voltage_max_v: null }))).toEqual({
      mode: 'direct-or-boost',
      capKw: 126,
      missing: 'charger output_voltage_max_v (an 800 V-class 800 V pack may be above it)',
    });
  });

  it('is impossible when the charger minimum is above the pack, even with the maximum unknown', () => {
    const highMin = charger({ output_voltage_min_v: 500, output_voltage_max_v: null });
    expect(dcVoltageWindow(vehicle({ architecture_voltage_v: 400 }), highMin)).toEqual({
      mode: 'impossible',
      reason: "the unit's minimum 500 V is above the 400 V pack",
    });
  });

  it('caps an 800 V pack on a 500 V charger at the boost power', () => {
    expect(dcVoltageWindow(car800(50), charger500)).toEqual({ mode: 'boost', capKw: 50 });
  });

  it('is impossible for an 800 V pack on a 500 V charger without a boost path', () => {
    expect(dcVoltageWindow(car800(0), charger500)).toEqual({
      mode: 'impossible',
      reason: "the unit's maximum 500 V is below the 800 V pack and the vehicle has no boost path",
    });
  });

  it('needs the boost figure when the pack is above the unit', () => {
    expect(dcVoltageWindow(car800(null), charger500)).toEqual({
      mode: 'unknown',
      missing: "vehicle boost_dc_kw (the 800 V pack is above the unit's maximum 500 V)",
    });
  });
});

describe('dcPower', () => {
  it('takes the vehicle peak when the charger side can give more (not limited)', () => {
    expect(power(vehicle({ max_dc_kw_oem: 150 }))).toEqual({
      kw: 150,
      chargerLimited: false,
      impossible: null,
      missing: [],
      unchecked: ['connector current limit'],
    });
  });

  it("caps at the unit's nominal power when its only outlet type has no cap of its own", () => {
    const p = power(vehicle({ max_dc_kw_oem: 400 }), charger({ nominal_max_kw: 350 }));
    expect(p).toMatchObject({ kw: 350, chargerLimited: true });
  });

  it("needs each outlet's own cap on a multi-standard unit (a CHAdeMO outlet is not the unit's nominal)", () => {
    const leaf = vehicle({ max_dc_kw_oem: 100 });
    const chademo = connectorRow({ connector: 'chademo' });
    const outlets = [connectorRow({ max_kw: 180 }), chademo];
    expect(
      power(leaf, charger({ nominal_max_kw: 180 }), path({ connector: chademo, vehicleInlet: 'chademo' }), outlets),
    ).toMatchObject({
      kw: null,
      missing: [OUTLET_CAP_MISSING],
    });
    const capped = connectorRow({ connector: 'chademo', max_kw: 50 });
    expect(
      power(leaf, charger({ nominal_max_kw: 180 }), path({ connector: capped, vehicleInlet: 'chademo' }), [
        outlets[0]!,
        capped,
      ]),
    ).toMatchObject({ kw: 50, chargerLimited: true, missing: [] });
  });

  it("caps at the connector's max_kw before the unit's nominal power", () => {
    const p = power(
      vehicle({ max_dc_kw_oem: 150 }),
      charger({ nominal_max_kw: 350 }),
      path({ connector: connectorRow({ max_kw: 100 }) }),
    );
    expect(p).toMatchObject({ kw: 100, chargerLimited: true });
  });

  it("caps at the adapter's max_kw, and not at all when the adapter cap is unknown", () => {
    const big = vehicle({ max_dc_kw_oem: 250 });
    expect(power(big, charger(), path({ adapter: adapter({ max_kw: 150 }) }))).toMatchObject({
      kw: 150,
      chargerLimited: true,
    });
    expect(power(big, charger(), path({ adapter: adapter({ max_kw: null }) }))).toMatchObject({
      kw: 250,
      chargerLimited: false,
    });
  });

  it('caps at max_current_a × pack voltage, rounded to 0.1 kW', () => {
    expect(
      power(
        vehicle({ max_dc_kw_oem: 150, architecture_voltage_v: 400 }),
        charger(),
        path({ connector: connectorRow({ max_current_a: 200 }) }),
      ),
    ).toEqual({
      kw: 80,
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: [],
    });
    expect(
      power(
        vehicle({ architecture_voltage_v: 397 }),
        charger(),
        path({ connector: connectorRow({ max_current_a: 125 }) }),
      ).kw,
    ).toBe(49.6);
  });

  it('does not mark the edge limited when the vehicle is the cap', () => {
    const p = power(
      vehicle({ max_dc_kw_oem: 50 }),
      charger(),
      path({ connector: connectorRow({ max_kw: 50, max_current_a: 500 }) }),
    );
    expect(p).toMatchObject({ kw: 50, chargerLimited: false });
  });

  it('on boost, caps at the boost power and computes the current cap at the charger maximum voltage', () => {
    const at300A = path({ connector: connectorRow({ max_current_a: 300 }) });
    expect(power(car800(50), charger500, at300A)).toEqual({
      kw: 50,
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: [],
    });
    // 300 A × 500 V = 150 kW, below a 200 kW boost path (300 A × 800 V would wrongly give 240 kW).
    expect(power(car800(200), charger500, at300A).kw).toBe(150);
  });

  it('returns kw 0 and the reason when the voltage window rules charging out', () => {
    expect(power(car800(0), charger500)).toEqual({
      kw: 0,
      chargerLimited: false,
      impossible: "the unit's maximum 500 V is below the 800 V pack and the vehicle has no boost path",
      missing: [],
      unchecked: [],
    });
  });

  it('gives kw null and names every missing figure that decides', () => {
    expect(
      power(vehicle({ max_dc_kw_oem: null }), charger(), path({ connector: connectorRow({ max_current_a: 500 }) })),
    ).toEqual({
      kw: null,
      chargerLimited: false,
      impossible: null,
      missing: ['vehicle max_dc_kw_oem'],
      unchecked: [],
      upperKw: 200,
    });
    expect(power(vehicle({ architecture_voltage_v: null, max_dc_kw_oem: null }), charger500).missing).toEqual([
      "vehicle architecture_voltage_v (the unit's maximum is 500 V)",
      'vehicle max_dc_kw_oem',
    ]);
  });

  it('a 2026 Taycan of unknown pack voltage at a 500 V Supercharger is unknown, not a direct connection at full power', () => {
    const taycan = vehicle({ architecture_voltage_v: null, max_dc_kw_oem: 320 });
    expect(power(taycan, charger({ nominal_max_kw: 250, output_voltage_max_v: 500 }))).toMatchObject({ kw: null });
  });

  it("does not need a unit's maximum voltage when the vehicle's boost power is no lower than the other caps", () => {
    const noMax = (kw: number) => charger({ nominal_max_kw: kw, output_voltage_max_v: null });
    // At a 50 kW unit a car boosting at 126 kW gets 50 kW either way.
    expect(power(car800(126), noMax(50))).toEqual({
      kw: 50,
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: ['connector current limit', 'charger output voltage range'],
    });
    // At a 350 kW unit it gets 230 kW direct or 126 kW boosted: the maximum decides.
    expect(power(car800(126), noMax(350))).toMatchObject({
      kw: null,
      missing: ['charger output_voltage_max_v (an 800 V-class 800 V pack may be above it)'],
    });
    // A current limit would change with the unknown voltage: it decides too.
    expect(power(car800(126), noMax(50), path({ connector: connectorRow({ max_current_a: 125 }) })).kw).toBeNull();
  });

  it('estimates with the unchecked input when a voltage that cannot change the answer is unknown', () => {
    expect(
      power(
        vehicle(),
        charger({ output_voltage_max_v: null }),
        path({ connector: connectorRow({ max_current_a: 200 }) }),
      ),
    ).toEqual({
      kw: 80,
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: ['charger output voltage range'],
    });
  });
});
