// The "observation-kw" check (build/checks/observation-kw.ts), against what the rules derive for the same pairing.
import { describe, expect, it } from 'vitest';
import { observedPairings } from '../../build/checks/observed-pairings.ts';
import { observationKw } from '../../build/checks/observation-kw.ts';
import { citedBy, dataset, located, observation } from '../helpers/rows.ts';
import { NA_CAR, PARTS, observationProblems } from '../helpers/observed.ts';

describe('observation-kw', () => {
  it('refuses a kW above the vehicle maximum, the outlet it charges through, or (without a path) the nominal maximum', () => {
    expect(observationProblems(observationKw, { charger: 'test-ccs1-350', state: 'ok', kw: 151 })).toEqual([
      [5, "151 kW is above test-car-2024-na's own maximum of 150 kW: an edge never exceeds what the vehicle takes"],
    ]);
    expect(
      observationProblems(observationKw, { charger: 'test-chademo-50', state: 'no', kw: 60 }).map(
        ([, message]) => message,
      ),
    ).toContain(
      "60 kW is above test-chademo-50's nominal maximum, 50 kW: an edge never exceeds the outlet it charges through",
    );
    const capped = dataset({
      ...PARTS,
      chargerConnectors: PARTS.chargerConnectors.map((row) =>
        row.charger === 'test-ccs1-350' ? { ...row, max_kw: 100 } : row,
      ),
    });
    const at = (kw: number) =>
      observationKw
        .check(
          observedPairings(capped, [
            located(
              'observations',
              2,
              observation({ vehicle: NA_CAR.slug, charger: 'test-ccs1-350', region: 'NA', state: 'limited', kw }),
            ),
          ]),
        )
        .map((p) => p.message);
    expect(at(100)).toEqual([]);
    expect(at(120)).toEqual([
      "120 kW is above the cap of test-ccs1-350's ccs1 outlet, 100 kW: an edge never exceeds the outlet it charges through",
    ]);
  });

  it('asks for the figure a note cites when the rules give none, unless the note says no peak was measured', () => {
    // The adapter caps at 150 kW, so the rules give this pairing a figure: an empty kw keeps it.
    expect(
      observationProblems(observationKw, {
        charger: 'test-nacs-250',
        state: 'adp',
        kw: null,
        note: 'about 126 kW at most sites',
      }),
    ).toEqual([]);
    // Without the car's DC figures the rules give none: the cited figure would be lost.
    const unknownCar = dataset({
      ...PARTS,
      vehicles: [
        {
          ...NA_CAR,
          architecture_voltage_v: null,
          max_dc_kw_oem: null,
          ...citedBy([], ['architecture_voltage_v', 'max_dc_kw_oem']),
        },
      ],
    });
    const check = (note: string) =>
      observationKw
        .check(
          observedPairings(unknownCar, [
            located(
              'observations',
              2,
              observation({
                vehicle: NA_CAR.slug,
                charger: 'test-ccs1-350',
                region: 'NA',
                state: 'limited',
                kw: null,
                note,
              }),
            ),
          ]),
        )
        .map((p) => p.message);
    expect(check('about 126 kW at most sites')).toEqual([
      'the note cites 126 kW but kw is empty, so the edge would not carry it',
    ]);
    expect(check('126 kW claimed by a forum post; no measured peak found')).toEqual([]);
  });
});
