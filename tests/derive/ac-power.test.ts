import { describe, expect, it } from 'vitest';
import { acPhaseVoltage } from '../../build/core/regions.ts';
import { acPower } from '../../build/derive/rules/ac-power.ts';
import { adapter, connectorRow, path, vehicle, wallbox } from '../helpers/rows.ts';

const acPath = (o: Parameters<typeof connectorRow>[0] = {}) =>
  path({
    current: 'AC',
    connector: connectorRow({ charger: 'test-wall-22', connector: 'type2', ...o }),
    vehicleInlet: 'type2',
  });

const singlePhase74 = vehicle({ max_ac_kw_oem: 7.4, ac_phases: 1 });
const threePhase11 = vehicle({ max_ac_kw_oem: 11, ac_phases: 3 });

describe('acPower', () => {
  it('uses 230 V in EU, TR and GB and 240 V in NA', () => {
    expect((['EU', 'TR', 'GB', 'NA'] as const).map(acPhaseVoltage)).toEqual([230, 230, 230, 240]);
  });

  it('gives a single-phase 7.4 kW charger 3.7 kW on a three-phase 16 A wallbox (limited)', () => {
    const p = acPower(singlePhase74, wallbox({ nominal_max_kw: 11 }), acPath({ max_current_a: 16, phases: 3 }), 'EU');
    expect(p).toEqual({ kw: 3.7, chargerLimited: true, impossible: null, missing: [], unchecked: [] });
  });

  it('gives a three-phase 11 kW car 11 kW on a 22 kW 32 A wallbox (not limited)', () => {
    const p = acPower(threePhase11, wallbox({ nominal_max_kw: 22 }), acPath({ max_current_a: 32, phases: 3 }), 'EU');
    expect(p).toEqual({ kw: 11, chargerLimited: false, impossible: null, missing: [], unchecked: [] });
  });

  it('gives a single-phase 7.4 kW charger 7.4 kW on a three-phase 22 kW wallbox (domain notes)', () => {
    const p = acPower(singlePhase74, wallbox({ nominal_max_kw: 22 }), acPath({ max_current_a: 32, phases: 3 }), 'EU');
    expect(p).toMatchObject({ kw: 7.4, chargerLimited: false });
  });

  it('gives a three-phase 11 kW car about 3.7 kW on a single-phase 32 A wallbox', () => {
    // The car draws at most 11000 / (3 × 230) ≈ 15.9 A per phase, and only one phase is there.
    const p = acPower(threePhase11, wallbox({ nominal_max_kw: 7.4 }), acPath({ max_current_a: 32, phases: 1 }), 'EU');
    expect(p).toMatchObject({ kw: 3.7, chargerLimited: true });
  });

  it('computes NA power at 240 V, not 230 V', () => {
    const car = vehicle({ max_ac_kw_oem: 11.5, ac_phases: 1 });
    const box = wallbox({ nominal_max_kw: 11.5 });
    const na = acPower(car, box, acPath({ region: 'NA', connector: 'type1', max_current_a: 40, phases: 1 }), 'NA');
    expect(na).toMatchObject({ kw: 9.6, chargerLimited: true });
    const eu = acPower(car, box, acPath({ max_current_a: 40, phases: 1 }), 'EU');
    expect(eu.kw).toBe(9.2);
  });

  it("caps at the connector's max_kw, else the unit's nominal power", () => {
    const withCap = acPower(threePhase11, wallbox({ nominal_max_kw: 22 }), acPath({ max_kw: 7.4 }), 'EU');
    expect(withCap).toMatchObject({ kw: 7.4, chargerLimited: true });
    const nominal = acPower(threePhase11, wallbox({ nominal_max_kw: 3.6 }), acPath(), 'EU');
    expect(nominal).toMatchObject({ kw: 3.6, chargerLimited: true });
  });

  it("caps at the adapter's max_kw", () => {
    const p = acPower(
      threePhase11,
      wallbox(),
      { ...acPath({ max_current_a: 32, phases: 3 }), adapter: adapter({ current: 'AC', max_kw: 7 }) },
      'EU',
    );
    expect(p).toMatchObject({ kw: 7, chargerLimited: true });
  });

  it('lists the vehicle AC maximum as missing when unknown', () => {
    const p = acPower(vehicle({ max_ac_kw_oem: null }), wallbox(), acPath({ max_current_a: 32, phases: 3 }), 'EU');
    expect(p).toEqual({
      kw: null,
      chargerLimited: false,
      impossible: null,
      missing: ['vehicle max_ac_kw_oem'],
      unchecked: [],
    });
  });

  it('estimates from the power caps only and records an unchecked input when phases are unknown', () => {
    const expected = {
      kw: 11,
      chargerLimited: false,
      impossible: null,
      missing: [],
      unchecked: ['AC phases or current per phase'],
    };
    expect(acPower(threePhase11, wallbox(), acPath({ max_current_a: 32, phases: null }), 'EU')).toEqual(expected);
    expect(acPower(vehicle({ ac_phases: null }), wallbox(), acPath({ max_current_a: 32, phases: 3 }), 'EU')).toEqual(
      expected,
    );
    expect(acPower(threePhase11, wallbox(), acPath({ max_current_a: null, phases: 3 }), 'EU')).toEqual(expected);
  });

  it('does not guess a phase limit when phases are unknown (a 16 A box would otherwise cap a single-phase car)', () => {
    const p = acPower(
      singlePhase74,
      wallbox({ nominal_max_kw: 11 }),
      acPath({ max_current_a: 16, phases: null }),
      'EU',
    );
    expect(p).toMatchObject({ kw: 7.4, chargerLimited: false, unchecked: ['AC phases or current per phase'] });
  });
});
