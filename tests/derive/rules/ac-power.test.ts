// Rule "ac-power": outlet, adapter and supply caps, phases used, current per phase (the vehicle's own figure on one
// phase), the implied-ac-phases fact, and which missing figure changes the power (never the state).
import { describe, expect, it } from 'vitest';
import { acPhaseVoltage } from '../../../build/core/regions.ts';
import { IMPLIED_AC_PHASES } from '../../../build/derive/implied-facts.ts';
import { acPower, suppliedKw } from '../../../build/derive/rules/ac-power.ts';
import type { MissingFigure } from '../../../build/derive/rule.ts';
import { CONNECTORS, adapter, connectorRow, missingFigure, path, vehicle, wallbox } from '../../helpers/rows.ts';

/** Each side cites its own document, so a cap's sources show which figure it came from. */
const AC = ['ac-sheet'];
const BOX = ['box-sheet'];
const PLUG = ['plug-sheet'];
const acPath = (o: Parameters<typeof connectorRow>[0] = {}, inlet = 'type2') =>
  path({
    current: 'AC',
    connector: connectorRow({ charger: 'test-wall-22', connector: 'type2', source: PLUG, ...o }),
    vehicleInlet: inlet,
  });
const box = (o: Parameters<typeof wallbox>[0] = {}) => wallbox({ source: BOX, ...o });
const power = (
  car: ReturnType<typeof vehicle>,
  unit: ReturnType<typeof wallbox>,
  p: ReturnType<typeof acPath>,
  region: 'EU' | 'NA' | 'GB' | 'TR' = 'EU',
) => acPower(car, unit, p, region, [p.connector], CONNECTORS);

const car = (o: Parameters<typeof vehicle>[0]) =>
  vehicle({ max_ac_kw_oem_source: AC, ac_phases_source: AC, ac_one_phase_a_source: AC, ...o });
const singlePhase74 = car({ max_ac_kw_oem: 7.4, ac_phases: 1 });
const threePhase11 = car({ max_ac_kw_oem: 11, ac_phases: 3 });
const threePhase11Takes32OnOne = car({ max_ac_kw_oem: 11, ac_phases: 3, ac_one_phase_a: 32 });
/** An 11 kW on-board charger whose phases are not on record. */
const phasesUnknown11 = car({ max_ac_kw_oem: 11, ac_phases: null });

const acMissing = (column: string, o: Partial<MissingFigure>) =>
  missingFigure({
    figure: { file: 'vehicles.csv', row: 'test-car-2024-eu', column },
    why: expect.any(String),
    ...o,
  });

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

  it('gives a single-phase 7.4 kW charger 3.7 kW on a three-phase 16 A wallbox (limited), citing each cap', () => {
    const p = power(singlePhase74, box({ nominal_max_kw: 11 }), acPath({ max_current_a: 16, phases: 3 }));
    expect(p).toEqual({
      kw: 3.7,
      lowKw: 3.7,
      highKw: 3.7,
      caps: [
        { cap: 'vehicle', kw: 7.4, sources: AC },
        { cap: 'outlet', kw: 11, sources: BOX },
        { cap: 'supply', kw: 11, sources: PLUG },
        { cap: 'phases', kw: 3.7, sources: [...AC, ...PLUG] },
      ],
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: [],
      implied: [],
    });
  });

  it('gives a three-phase 11 kW car 11 kW on a 22 kW 32 A wallbox (not limited)', () => {
    const p = power(threePhase11, box({ nominal_max_kw: 22 }), acPath({ max_current_a: 32, phases: 3 }));
    expect(p).toMatchObject({ kw: 11, chargerLimited: false, missing: [], lowKw: 11, highKw: 11 });
  });

  it('gives a single-phase 7.4 kW charger 7.4 kW on a three-phase 22 kW wallbox (domain notes)', () => {
    const p = power(singlePhase74, box({ nominal_max_kw: 22 }), acPath({ max_current_a: 32, phases: 3 }));
    expect(p).toMatchObject({ kw: 7.4, chargerLimited: false });
  });

  it('gives a three-phase car its own one-phase current on a single-phase wallbox: 32 A → 7.4 kW, 16 A → 3.7 kW', () => {
    const single = box({ nominal_max_kw: 7.4 });
    expect(power(threePhase11Takes32OnOne, single, acPath({ max_current_a: 32, phases: 1 }))).toMatchObject({
      kw: 7.4,
      chargerLimited: true,
      missing: [],
    });
    const takes16 = car({ max_ac_kw_oem: 11, ac_phases: 3, ac_one_phase_a: 16 });
    const p = power(takes16, single, acPath({ max_current_a: 32, phases: 1 }));
    expect(p).toMatchObject({ kw: 3.7, chargerLimited: true });
    expect(p.caps).toContainEqual({ cap: 'phases', kw: 3.7, sources: [...AC, ...PLUG] });
  });

  it("without the car's one-phase current, a three-phase car on a single-phase wallbox is usable at the supply's cap, its power open below (never 11 / 3)", () => {
    expect(power(threePhase11, box({ nominal_max_kw: 7.4 }), acPath({ max_current_a: 32, phases: 1 }))).toEqual({
      kw: 7.4,
      lowKw: null,
      highKw: 7.4,
      caps: [
        { cap: 'vehicle', kw: 11, sources: AC },
        { cap: 'outlet', kw: 7.4, sources: BOX },
        { cap: 'supply', kw: 7.4, sources: PLUG },
      ],
      chargerLimited: true,
      impossible: null,
      missing: [acMissing('ac_one_phase_a', { why: 'the current it takes when the supply has one phase', kwMax: 7.4 })],
      unchecked: [],
      implied: [],
    });
  });

  it('reads the current per phase from the outlet power when the current is not stated', () => {
    const p = power(threePhase11Takes32OnOne, box({ nominal_max_kw: 3.7 }), acPath({ phases: 1 }));
    expect(p).toMatchObject({ kw: 3.7, missing: [] });
    expect(p.caps.map((c) => c.cap)).not.toContain('supply');
  });

  it('implies more than one phase for a car above 7.4 kW in EU, GB and TR, and cites the implied fact', () => {
    // On a 16 A three-phase box, two phases would give 7.4 kW and three 11 kW: the phases decide the power only.
    for (const region of ['EU', 'GB', 'TR'] as const) {
      const p = power(phasesUnknown11, box(), acPath({ max_current_a: 16, phases: 3 }), region);
      expect(p).toMatchObject({ kw: 11, lowKw: 7.4, highKw: 11, implied: [IMPLIED_AC_PHASES.id] });
      expect(p.missing).toEqual([
        acMissing('ac_phases', {
          why: 'how many phases its on-board charger uses on a 3-phase supply',
          kwMin: 7.4,
          kwMax: 11,
        }),
      ]);
    }
    // With its one-phase current on record, two or three phases give 7.4 kW on a single-phase 32 A box: settled.
    const known32 = car({ max_ac_kw_oem: 11, ac_phases: null, ac_one_phase_a: 32 });
    const p = power(known32, box({ nominal_max_kw: 7.4 }), acPath({ max_current_a: 32, phases: 1 }));
    expect(p).toMatchObject({ kw: 7.4, missing: [], implied: [IMPLIED_AC_PHASES.id] });
    expect(p.caps).toContainEqual({ cap: 'phases', kw: 7.4, sources: [...AC, IMPLIED_AC_PHASES.id, ...PLUG].sort() });
  });

  it('implies nothing in NA, where one 80 A phase carries 19.2 kW: one phase stays possible and the power open to 3.8 kW', () => {
    const p = power(phasesUnknown11, box(), acPath({ region: 'NA', max_current_a: 16, phases: 3 }), 'NA');
    expect(p).toMatchObject({ kw: 11, lowKw: 3.8, implied: [] });
    expect(p.missing).toEqual([acMissing('ac_phases', { kwMin: 3.8, kwMax: 11 })]);
  });

  it('implies nothing for a car at or below 7.4 kW: one phase stays possible, so its phases could halve the power', () => {
    const p = power(car({ max_ac_kw_oem: 7.4, ac_phases: null }), box(), acPath({ max_current_a: 16, phases: 3 }));
    expect(p).toMatchObject({ kw: 7.4, lowKw: 3.7, implied: [] });
    expect(p.missing).toEqual([acMissing('ac_phases', { kwMin: 3.7, kwMax: 7.4 })]);
  });

  it('leaves the phases unasked where every phase count gives the same power', () => {
    const p = power(car({ max_ac_kw_oem: 7.4, ac_phases: null }), box(), acPath({ max_current_a: 32, phases: 3 }));
    expect(p).toMatchObject({ kw: 7.4, missing: [] });
  });

  it('takes a vehicle met through a single-phase inlet (Type 1, NACS) as single-phase, at 240 V in NA', () => {
    const na = power(
      car({ max_ac_kw_oem: 11.5, ac_phases: null }),
      box({ nominal_max_kw: 11.5 }),
      acPath({ region: 'NA', connector: 'type1', max_current_a: 40, phases: 1 }, 'type1'),
      'NA',
    );
    expect(na).toMatchObject({ kw: 9.6, chargerLimited: true, missing: [], implied: [] });
  });

  it("caps at the outlet's max_kw, else the unit's nominal power where it is the unit's only outlet type", () => {
    const own = power(threePhase11, box({ nominal_max_kw: 22 }), acPath({ max_kw: 7.4, phases: 3 }));
    expect(own).toMatchObject({ kw: 7.4, chargerLimited: true });
    expect(own.caps).toContainEqual({ cap: 'outlet', kw: 7.4, sources: PLUG });
    expect(power(threePhase11, box({ nominal_max_kw: 3.6 }), acPath({ phases: 3 }))).toMatchObject({
      kw: 3.6,
      chargerLimited: true,
    });
  });

  it("bounds an AC socket without its own cap on a multi-standard unit by the unit's nominal, and asks for the socket's", () => {
    const socket = acPath({ phases: 3 });
    const p = acPower(
      threePhase11,
      box({ nominal_max_kw: 50 }),
      socket,
      'EU',
      [socket.connector, connectorRow({ connector: 'ccs2' })],
      CONNECTORS,
    );
    expect(p).toMatchObject({ kw: 11, chargerLimited: false, lowKw: null, highKw: 11 });
    expect(p.caps).toContainEqual({ cap: 'unit', kw: 50, sources: BOX });
    expect(p.missing).toEqual([
      missingFigure({
        figure: { file: 'charger_connectors.csv', row: 'test-wall-22 EU type2', column: 'max_kw' },
        why: "the unit has outlets of several types, so its 50 kW is not this outlet's",
        kwMax: 11,
      }),
    ]);
    expect(p.unchecked).toEqual(['outlet current']);
  });

  it("caps at the adapter's max_kw", () => {
    const p = power(threePhase11, box(), {
      ...acPath({ max_current_a: 32, phases: 3 }),
      adapter: adapter({ current: 'AC', max_kw: 7 }),
    });
    expect(p).toMatchObject({ kw: 7, chargerLimited: true });
  });

  it("publishes kW 0 when the car's AC maximum is not on record, keeping the charger-side caps as the bound", () => {
    expect(power(car({ max_ac_kw_oem: null }), box(), acPath({ max_current_a: 16, phases: 3 }))).toEqual({
      kw: 0,
      lowKw: null,
      highKw: 11,
      caps: [
        { cap: 'outlet', kw: 22, sources: BOX },
        { cap: 'supply', kw: 11, sources: PLUG },
      ],
      chargerLimited: false,
      impossible: null,
      missing: [acMissing('max_ac_kw_oem', { why: "the car's own on-board charger", kwMax: 11 })],
      unchecked: [],
      implied: [],
    });
  });

  it('estimates from the power caps and records the unchecked input when the wallbox phases are unknown', () => {
    expect(power(threePhase11, box(), acPath({ max_current_a: 32, phases: null }))).toMatchObject({
      kw: 11,
      chargerLimited: false,
      missing: [],
      unchecked: ['wallbox phases'],
    });
  });
});
