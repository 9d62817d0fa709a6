// Rule "ac-power": outlet and adapter caps, phases used, current per phase (the vehicle's own figure on one phase), and
// which missing figure decides.
import { describe, expect, it } from 'vitest';
import { acPhaseVoltage } from '../../../build/core/regions.ts';
import { OUTLET_CAP_MISSING } from '../../../build/derive/outlet.ts';
import { acPower, suppliedKw } from '../../../build/derive/rules/ac-power.ts';
import { CONNECTORS, adapter, connectorRow, path, vehicle, wallbox } from '../../helpers/rows.ts';

const acPath = (o: Parameters<typeof connectorRow>[0] = {}, inlet = 'type2') =>
  path({
    current: 'AC',
    connector: connectorRow({ charger: 'test-wall-22', connector: 'type2', ...o }),
    vehicleInlet: inlet,
  });
const power = (
  car: ReturnType<typeof vehicle>,
  box: ReturnType<typeof wallbox>,
  p: ReturnType<typeof acPath>,
  region: 'EU' | 'NA' = 'EU',
) => acPower(car, box, p, region, [p.connector], CONNECTORS);

const singlePhase74 = vehicle({ max_ac_kw_oem: 7.4, ac_phases: 1 });
const threePhase11 = vehicle({ max_ac_kw_oem: 11, ac_phases: 3 });
const threePhase11Takes32OnOne = vehicle({ max_ac_kw_oem: 11, ac_phases: 3, ac_one_phase_a: 32 });

describe('suppliedKw', () => {
  it('is phases used × the lower current per phase × the phase voltage', () => {
    expect(suppliedKw(threePhase11, 3, { phases: 3, amps: 32 }, 230)).toBeCloseTo(11);
    expect(suppliedKw(singlePhase74, 1, { phases: 3, amps: 16 }, 230)).toBeCloseTo(3.68);
  });

  it("takes the vehicle's own current on one phase when the supply has fewer phases, and is null without it", () => {
    expect(suppliedKw(threePhase11Takes32OnOne, 3, { phases: 1, amps: 32 }, 230)).toBeCloseTo(7.36);
    expect(suppliedKw(threePhase11, 3, { phases: 1, amps: 32 }, 230)).toBeNull();
  });
});

describe('acPower', () => {
  it('uses 230 V in EU, TR and GB and 240 V in NA', () => {
    expect((['EU', 'TR', 'GB', 'NA'] as const).map(acPhaseVoltage)).toEqual([230, 230, 230, 240]);
  });

  it('gives a single-phase 7.4 kW charger 3.7 kW on a three-phase 16 A wallbox (limited)', () => {
    const p = power(singlePhase74, wallbox({ nominal_max_kw: 11 }), acPath({ max_current_a: 16, phases: 3 }));
    expect(p).toEqual({ kw: 3.7, chargerLimited: true, impossible: null, missing: [], unchecked: [] });
  });

  it('gives a three-phase 11 kW car 11 kW on a 22 kW 32 A wallbox (not limited)', () => {
    const p = power(threePhase11, wallbox({ nominal_max_kw: 22 }), acPath({ max_current_a: 32, phases: 3 }));
    expect(p).toEqual({ kw: 11, chargerLimited: false, impossible: null, missing: [], unchecked: [] });
  });

  it('gives a single-phase 7.4 kW charger 7.4 kW on a three-phase 22 kW wallbox (domain notes)', () => {
    const p = power(singlePhase74, wallbox({ nominal_max_kw: 22 }), acPath({ max_current_a: 32, phases: 3 }));
    expect(p).toMatchObject({ kw: 7.4, chargerLimited: false });
  });

  it('gives a three-phase car its own one-phase current on a single-phase wallbox: 32 A → 7.4 kW, 16 A → 3.7 kW', () => {
    const box = wallbox({ nominal_max_kw: 7.4 });
    expect(power(threePhase11Takes32OnOne, box, acPath({ max_current_a: 32, phases: 1 }))).toMatchObject({
      kw: 7.4,
      chargerLimited: true,
    });
    const takes16 = vehicle({ max_ac_kw_oem: 11, ac_phases: 3, ac_one_phase_a: 16 });
    expect(power(takes16, box, acPath({ max_current_a: 32, phases: 1 }))).toMatchObject({
      kw: 3.7,
      chargerLimited: true,
    });
  });

  it('leaves a three-phase car on a single-phase wallbox unknown without its one-phase current (never 11 / 3)', () => {
    expect(power(threePhase11, wallbox({ nominal_max_kw: 7.4 }), acPath({ max_current_a: 32, phases: 1 }))).toEqual({
      kw: null,
      chargerLimited: false,
      impossible: null,
      missing: ['vehicle ac_one_phase_a (its current when the supply has one phase)'],
      unchecked: [],
      upperKw: 7.4,
    });
  });

  it('reads the current per phase from the outlet power when the current is not stated', () => {
    expect(power(threePhase11Takes32OnOne, wallbox({ nominal_max_kw: 3.7 }), acPath({ phases: 1 }))).toMatchObject({
      kw: 3.7,
    });
  });

  it('needs the vehicle phases only where they change the answer', () => {
    const unknownPhases = vehicle({ max_ac_kw_oem: 11, ac_phases: null });
    // One phase or three would give different power on a 16 A three-phase box: unknown.
    expect(power(unknownPhases, wallbox(), acPath({ max_current_a: 16, phases: 3 })).missing).toEqual([
      'vehicle ac_phases',
    ]);
    // With its one-phase current known, every phase count gives 7.4 kW on a single-phase 32 A box.
    const known32 = vehicle({ max_ac_kw_oem: 11, ac_phases: null, ac_one_phase_a: 32 });
    expect(power(known32, wallbox({ nominal_max_kw: 7.4 }), acPath({ max_current_a: 32, phases: 1 }))).toMatchObject({
      kw: 7.4,
      missing: [],
    });
  });

  it('takes a vehicle met through a single-phase inlet (Type 1, NACS) as single-phase, at 240 V in NA', () => {
    const car = vehicle({ max_ac_kw_oem: 11.5, ac_phases: null });
    const na = power(
      car,
      wallbox({ nominal_max_kw: 11.5 }),
      acPath({ region: 'NA', connector: 'type1', max_current_a: 40, phases: 1 }, 'type1'),
      'NA',
    );
    expect(na).toMatchObject({ kw: 9.6, chargerLimited: true, missing: [] });
  });

  it("caps at the outlet's max_kw, else the unit's nominal power where it is the unit's only outlet type", () => {
    expect(power(threePhase11, wallbox({ nominal_max_kw: 22 }), acPath({ max_kw: 7.4, phases: 3 }))).toMatchObject({
      kw: 7.4,
      chargerLimited: true,
    });
    expect(power(threePhase11, wallbox({ nominal_max_kw: 3.6 }), acPath({ phases: 3 }))).toMatchObject({
      kw: 3.6,
      chargerLimited: true,
    });
  });

  it("needs the AC socket's own cap on a DC unit with several outlet types", () => {
    const socket = acPath({ phases: 3 });
    const p = acPower(
      threePhase11,
      wallbox({ nominal_max_kw: 50 }),
      socket,
      'EU',
      [socket.connector, connectorRow({ connector: 'ccs2' })],
      CONNECTORS,
    );
    expect(p).toMatchObject({ kw: null, missing: [OUTLET_CAP_MISSING] });
  });

  it("caps at the adapter's max_kw", () => {
    const p = power(threePhase11, wallbox(), {
      ...acPath({ max_current_a: 32, phases: 3 }),
      adapter: adapter({ current: 'AC', max_kw: 7 }),
    });
    expect(p).toMatchObject({ kw: 7, chargerLimited: true });
  });

  it('lists the vehicle AC maximum as missing when unknown', () => {
    expect(power(vehicle({ max_ac_kw_oem: null }), wallbox(), acPath({ max_current_a: 32, phases: 3 }))).toEqual({
      kw: null,
      chargerLimited: false,
      impossible: null,
      missing: ['vehicle max_ac_kw_oem'],
      unchecked: [],
    });
  });

  it('estimates from the power caps and records the unchecked input when the wallbox phases are unknown', () => {
    expect(power(threePhase11, wallbox(), acPath({ max_current_a: 32, phases: null }))).toEqual({
      kw: 11,
      chargerLimited: false,
      impossible: null,
      missing: [],
      unchecked: ['wallbox phases'],
    });
  });
});
