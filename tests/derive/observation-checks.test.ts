// Curated observations cannot overrule physics: observation-adapter, observation-kw and observation-protocol, each
// against what the rules derive for the same pairing.
import { describe, expect, it } from 'vitest';
import { observationAdapter } from '../../build/derive/checks/observation-adapter.ts';
import { observedPairings } from '../../build/derive/checks/observation-check.ts';
import { observationKw } from '../../build/derive/checks/observation-kw.ts';
import { observationProtocol } from '../../build/derive/checks/observation-protocol.ts';
import type { ObservationRow } from '../../build/data/tables.ts';
import {
  adapter,
  charger,
  connectorRow,
  dataset,
  located,
  observation,
  vehicle,
  vehicleRegion,
} from '../helpers/rows.ts';

/** A CCS1 car in NA, a NACS unit speaking DIN70121 (reachable only through the adapter), a CCS1 unit (direct), a
 * CHAdeMO-only unit (no path). */
const NA_CAR = vehicle({ slug: 'test-car-2024-na', max_dc_kw_oem: 150 });
const PARTS = {
  vehicles: [NA_CAR],
  vehicleRegions: [vehicleRegion({ vehicle: NA_CAR.slug, region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' })],
  chargers: [
    charger({ slug: 'test-nacs-250', nominal_max_kw: 250, protocols: ['DIN70121'] }),
    charger({ slug: 'test-ccs1-350' }),
    charger({ slug: 'test-chademo-50', nominal_max_kw: 50 }),
  ],
  chargerConnectors: [
    connectorRow({ charger: 'test-nacs-250', region: 'NA', connector: 'nacs' }),
    connectorRow({ charger: 'test-ccs1-350', region: 'NA', connector: 'ccs1' }),
    connectorRow({ charger: 'test-chademo-50', region: 'NA', connector: 'chademo' }),
  ],
  adapters: [adapter({ brands: ['Test'] })],
};
const data = dataset(PARTS);

/** The problems of one check for one observation row (line 2). */
const run = (check: typeof observationAdapter, row: Partial<ObservationRow>) =>
  check
    .check(
      observedPairings(data, [located('observations', 2, observation({ vehicle: NA_CAR.slug, region: 'NA', ...row }))]),
    )
    .map((p) => [p.column, p.message]);

describe('observation-adapter', () => {
  it('accepts adp where only an adapter fits, and ok or limited where the connector fits', () => {
    expect(run(observationAdapter, { charger: 'test-nacs-250', state: 'adp', kw: 120 })).toEqual([]);
    expect(run(observationAdapter, { charger: 'test-ccs1-350', state: 'limited', kw: 120 })).toEqual([]);
  });

  it('refuses ok or limited where only an adapter makes the pairing work', () => {
    expect(run(observationAdapter, { charger: 'test-nacs-250', state: 'limited', kw: 120 })).toEqual([
      [
        4,
        'test-car-2024-na meets test-nacs-250 in NA only through an adapter (nacs-to-ccs1): the state is adp (or no, or unk), not limited',
      ],
    ]);
  });

  it('refuses adp where the connector fits directly, and any working state where no path exists', () => {
    expect(run(observationAdapter, { charger: 'test-ccs1-350', state: 'adp', kw: 120 })).toEqual([
      [
        4,
        "test-car-2024-na's ccs1 inlet fits test-ccs1-350's connector directly in NA: no adapter is needed, so the state is not adp",
      ],
    ]);
    expect(
      run(observationAdapter, { charger: 'test-chademo-50', state: 'ok', kw: 40 }).map(([, message]) => message),
    ).toEqual([
      "no connector of test-chademo-50 meets test-car-2024-na's inlets in NA, and no adapter programme covers the pairing: the state can only be no or unk",
    ]);
    expect(run(observationAdapter, { charger: 'test-chademo-50', state: 'no', kw: null })).toEqual([]);
  });
});

describe('observation-kw', () => {
  it('refuses a kW above the vehicle maximum, the outlet it charges through, or (without a path) the nominal maximum', () => {
    expect(run(observationKw, { charger: 'test-ccs1-350', state: 'ok', kw: 151 })).toEqual([
      [5, "151 kW is above test-car-2024-na's own maximum of 150 kW: an edge never exceeds what the vehicle takes"],
    ]);
    expect(
      run(observationKw, { charger: 'test-chademo-50', state: 'no', kw: 60 }).map(([, message]) => message),
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
      run(observationKw, { charger: 'test-nacs-250', state: 'adp', kw: null, note: 'about 126 kW at most sites' }),
    ).toEqual([]);
    // Without the car's DC figures the rules give none: the cited figure would be lost.
    const unknownCar = dataset({
      ...PARTS,
      vehicles: [{ ...NA_CAR, architecture_voltage_v: null, max_dc_kw_oem: null, dc_source: [] }],
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

describe('observation-protocol', () => {
  it('accepts a usable observation over a protocol both sides speak, and a no or unk whatever is on record', () => {
    expect(run(observationProtocol, { charger: 'test-nacs-250', state: 'adp', kw: 120 })).toEqual([]);
    expect(run(observationProtocol, { charger: 'test-chademo-50', state: 'no', kw: null })).toEqual([]);
  });

  it('refuses a usable observation when no protocol both sides speak is on record (the edge would name none)', () => {
    const silent = dataset({
      ...PARTS,
      chargers: PARTS.chargers.map((c) => (c.slug === 'test-nacs-250' ? { ...c, protocols: [] } : c)),
    });
    const problems = observationProtocol.check(
      observedPairings(silent, [
        located(
          'observations',
          2,
          observation({ vehicle: NA_CAR.slug, charger: 'test-nacs-250', region: 'NA', state: 'adp', kw: 120 }),
        ),
      ]),
    );
    expect(problems.map((p) => [p.column, p.message, p.hint])).toEqual([
      [
        4,
        'test-car-2024-na at test-nacs-250 in NA is observed adp, but no protocol both sides speak over nacs is on record, so the edge would name none',
        "add the protocol to the vehicle's or the charger's protocols column, with its source",
      ],
    ]);
  });
});
