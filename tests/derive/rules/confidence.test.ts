// Rule "confidence": how an edge decided (observation, specifications, what could not be checked) gives its score.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SourceKind } from '../../../build/core/vocabulary.ts';
import {
  DERIVED_CONFIDENCE as C,
  OBSERVATION_CONFIDENCE,
  derivedConfidence,
  figureProvenance,
  observedConfidence,
  powerCertainty,
  type DerivedConfidenceInputs,
  type PowerCertainty,
} from '../../../build/derive/rules/confidence.ts';
import { deriveDraft } from '../../../build/derive/derive-edge.ts';
import { charger, connectorRow, dataset, vehicle, vehicleRegion } from '../../helpers/rows.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;
const inputs = (o: Partial<DerivedConfidenceInputs> = {}): DerivedConfidenceInputs => ({
  state: 'ok',
  noPhysicalPath: false,
  adapter: false,
  uncheckedInputs: 0,
  figures: 'own',
  power: 'known',
  ...o,
});

describe('derivedConfidence', () => {
  it('scores "no" by why: no physical path, or a published limit', () => {
    expect(derivedConfidence(inputs({ state: 'no', noPhysicalPath: true }))).toBe(C.noPhysicalPath);
    expect(derivedConfidence(inputs({ state: 'no', noPhysicalPath: false }))).toBe(C.ruledOut);
  });

  it('scores "unk" low whatever else is known', () => {
    expect(derivedConfidence(inputs({ state: 'unk' }))).toBe(C.unknown);
    expect(derivedConfidence(inputs({ state: 'unk', adapter: true, uncheckedInputs: 3 }))).toBe(C.unknown);
  });

  it('scores complete specifications at the base, for ok and limited alike', () => {
    expect(derivedConfidence(inputs({ state: 'ok' }))).toBe(C.base);
    expect(derivedConfidence(inputs({ state: 'limited' }))).toBe(C.base);
  });

  it('subtracts the adapter and per-unchecked-input penalties (partial knowledge that cannot change the state)', () => {
    expect(derivedConfidence(inputs({ state: 'adp', adapter: true }))).toBe(round2(C.base - C.adapterPenalty));
    expect(derivedConfidence(inputs({ uncheckedInputs: 2 }))).toBe(round2(C.base - 2 * C.uncheckedInputPenalty));
    expect(derivedConfidence(inputs({ state: 'adp', adapter: true, uncheckedInputs: 1 }))).toBe(
      round2(C.base - C.adapterPenalty - C.uncheckedInputPenalty),
    );
  });

  it('scores figures from an imported dataset alone lower, and figures two independent sources agree on higher', () => {
    expect(derivedConfidence(inputs({ figures: 'upstream-only' }))).toBe(round2(C.base - C.upstreamOnlyPenalty));
    expect(derivedConfidence(inputs({ figures: 'corroborated' }))).toBe(round2(C.base + C.corroborationBonus));
    expect(derivedConfidence(inputs({ figures: 'upstream-only' }))).toBeLessThan(derivedConfidence(inputs()));
    expect(derivedConfidence(inputs({ figures: 'corroborated' }))).toBeGreaterThan(derivedConfidence(inputs()));
    expect(
      derivedConfidence(inputs({ state: 'adp', adapter: true, uncheckedInputs: 1, figures: 'upstream-only' })),
    ).toBe(round2(C.base - C.adapterPenalty - C.uncheckedInputPenalty - C.upstreamOnlyPenalty));
  });

  it('leaves unk and no where they are, whatever the figures rest on', () => {
    for (const figures of ['upstream-only', 'corroborated'] as const) {
      expect(derivedConfidence(inputs({ state: 'unk', figures }))).toBe(C.unknown);
      expect(derivedConfidence(inputs({ state: 'no', noPhysicalPath: true, figures }))).toBe(C.noPhysicalPath);
      expect(derivedConfidence(inputs({ state: 'no', figures }))).toBe(C.ruledOut);
    }
  });

  it('keeps corroborated derivation below every curated observation (contract: observations score above)', () => {
    expect(derivedConfidence(inputs({ figures: 'corroborated' }))).toBeLessThan(
      Math.min(...Object.values(OBSERVATION_CONFIDENCE)),
    );
  });

  it('never goes below the floor', () => {
    expect(derivedConfidence(inputs({ state: 'adp', adapter: true, uncheckedInputs: 50 }))).toBe(C.floor);
    expect(derivedConfidence(inputs({ uncheckedInputs: 9, figures: 'upstream-only' }))).toBe(C.floor);
  });

  it('returns at most two decimals', () => {
    const score = derivedConfidence(inputs({ uncheckedInputs: 1, adapter: true }));
    expect(Number(score.toFixed(2))).toBe(score);
  });

  it('keeps every score within 0..1 and missing data below complete data (contract)', () => {
    for (const value of [...Object.values(C), ...Object.values(OBSERVATION_CONFIDENCE)]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(C.unknown).toBeLessThan(C.base);
    expect(C.floor).toBeGreaterThan(C.unknown);
  });
});

describe('powerCertainty', () => {
  it('is not-on-record when the published kW is 0 (the vehicle maximum is missing), whatever else', () => {
    expect(powerCertainty(0, { lowKw: null, highKw: 200 }, 1)).toBe('not-on-record');
    expect(powerCertainty(0, { lowKw: 0, highKw: 0 }, 0)).toBe('not-on-record');
  });

  it('is known when no power-deciding figure is missing', () => {
    expect(powerCertainty(150, { lowKw: 150, highKw: 150 }, 0)).toBe('known');
    expect(powerCertainty(150, { lowKw: null, highKw: null }, 0)).toBe('known');
  });

  it('is known when the missing figures leave the power at exactly the published figure (nothing rests on them)', () => {
    expect(powerCertainty(50, { lowKw: 50, highKw: 50 }, 1)).toBe('known');
    expect(powerCertainty(50, { lowKw: 50, highKw: 50.1 }, 1)).toBe('open');
    expect(powerCertainty(50, { lowKw: 49.9, highKw: 50 }, 1)).toBe('open');
  });

  it('could halve when the power is unbounded below, or its low end is half the published figure or less', () => {
    expect(powerCertainty(100, { lowKw: null, highKw: 100 }, 1)).toBe('could-halve');
    expect(powerCertainty(100, { lowKw: 50, highKw: 100 }, 1)).toBe('could-halve');
    expect(powerCertainty(100, { lowKw: 50.1, highKw: 100 }, 1)).toBe('open');
  });

  it('could halve when the power could be twice the published figure or more (the high end counts from there)', () => {
    expect(powerCertainty(11, { lowKw: 11, highKw: 22 }, 1)).toBe('could-halve');
    expect(powerCertainty(11, { lowKw: 11, highKw: 21.9 }, 1)).toBe('open');
    // A high end below the published figure (nothing surely caps above it) counts as the figure itself.
    expect(powerCertainty(11, { lowKw: 7.4, highKw: null }, 1)).toBe('open');
    expect(powerCertainty(11, { lowKw: 7.4, highKw: 5 }, 1)).toBe('open');
  });
});

describe('derivedConfidence by power certainty (the documented table)', () => {
  const score = (power: PowerCertainty, o: Partial<DerivedConfidenceInputs> = {}) =>
    derivedConfidence(inputs({ power, ...o }));

  it('known: the base, penalties and provenance as for complete specifications', () => {
    expect(score('known')).toBe(C.base);
    expect(score('known', { figures: 'corroborated' })).toBe(round2(C.base + C.corroborationBonus));
  });

  it('open: the open-power penalty on top of the others', () => {
    expect(score('open')).toBe(round2(C.base - C.openPowerPenalty));
    expect(score('open', { state: 'adp', adapter: true })).toBe(round2(C.base - C.adapterPenalty - C.openPowerPenalty));
  });

  it('could-halve: never above 0.55, and lower when the penalties already say so', () => {
    expect(C.couldHalveCeiling).toBe(0.55);
    expect(score('could-halve')).toBe(0.55);
    expect(score('could-halve', { figures: 'corroborated' })).toBe(0.55);
    expect(score('could-halve', { state: 'adp', adapter: true, uncheckedInputs: 4 })).toBe(
      round2(C.base - C.adapterPenalty - 4 * C.uncheckedInputPenalty),
    );
  });

  it('not-on-record: never above 0.45', () => {
    expect(C.powerNotOnRecordCeiling).toBe(0.45);
    expect(score('not-on-record')).toBe(0.45);
    expect(score('not-on-record', { figures: 'corroborated', state: 'limited' })).toBe(0.45);
    expect(score('not-on-record', { state: 'adp', adapter: true, uncheckedInputs: 4, figures: 'upstream-only' })).toBe(
      round2(C.base - C.adapterPenalty - 4 * C.uncheckedInputPenalty - C.upstreamOnlyPenalty),
    );
  });

  it('never puts a usable edge below 0.30, whatever its power certainty', () => {
    expect(C.floor).toBe(0.3);
    for (const power of ['known', 'open', 'could-halve', 'not-on-record'] as const)
      expect(score(power, { state: 'adp', adapter: true, uncheckedInputs: 9, figures: 'upstream-only' })).toBe(0.3);
  });

  it('ranks the rows: known above open above could-halve above not-on-record, all above unk', () => {
    const rows = (['known', 'open', 'could-halve', 'not-on-record'] as const).map((power) => score(power));
    expect(rows).toEqual([...rows].sort((a, b) => b - a));
    expect(new Set(rows).size).toBe(4);
    expect(Math.min(...rows)).toBeGreaterThan(C.unknown);
  });

  it('is the table data/README.md documents (its ceilings, penalty and floor are these)', () => {
    const readme = readFileSync(new URL('../../../data/README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('### Confidence'), readme.indexOf('**Partial knowledge.**'));
    expect(table).toContain(`| open | `);
    expect(table).toContain(`| −${C.openPowerPenalty.toFixed(2)} |`);
    expect(table).toContain(`| at most ${C.couldHalveCeiling} |`);
    expect(table).toContain(`| at most ${C.powerNotOnRecordCeiling} |`);
    expect(table).toContain(`never below ${C.floor.toFixed(2)}`);
  });

  it('leaves unk and no where they are, whatever the power certainty', () => {
    for (const power of ['open', 'could-halve', 'not-on-record'] as const) {
      expect(score(power, { state: 'unk' })).toBe(C.unknown);
      expect(score(power, { state: 'no' })).toBe(C.ruledOut);
    }
  });
});

describe('rule confidence on derived edges', () => {
  // A 150 kW DC unit with one CCS2 cable of 500 A: nothing on the charger side is left unchecked.
  const unit = charger({ slug: 'multi', nominal_max_kw: 150 });
  const ccs = connectorRow({ charger: 'multi', connector: 'ccs2', max_kw: 150, max_current_a: 500 });
  const draft = (car: ReturnType<typeof vehicle>, rows = [ccs]) =>
    deriveDraft(
      dataset({ vehicles: [car], vehicleRegions: [vehicleRegion()], chargers: [unit], chargerConnectors: rows }),
      car,
      unit,
      'EU',
    )!;

  it('scores complete figures at the base', () => {
    expect(draft(vehicle({ max_dc_kw_oem: 100 }))).toMatchObject({ state: 'ok', kw: 100, confidence: C.base });
  });

  it('does not lower an edge for a missing figure that leaves its power where it is (50 kW boosted or not)', () => {
    const car800 = vehicle({ architecture_voltage_v: 800, max_dc_kw_oem: 230, boost_dc_kw: 126 });
    const slow = { ...unit, nominal_max_kw: 50, output_voltage_max_v: null };
    const cable = connectorRow({ charger: 'multi', connector: 'ccs2' });
    const d = deriveDraft(
      dataset({ vehicles: [car800], vehicleRegions: [vehicleRegion()], chargers: [slow], chargerConnectors: [cable] }),
      car800,
      slow,
      'EU',
    )!;
    expect(d.missing.map((m) => [m.figure.column, m.kwMin, m.kwMax])).toEqual([['output_voltage_max_v', 50, 50]]);
    // Only the cable's unknown current limit lowers it.
    expect(d).toMatchObject({ state: 'limited', kw: 50, confidence: round2(C.base - C.uncheckedInputPenalty) });
  });

  it('scores an edge whose car DC peak is not on record (kW 0) at most 0.45', () => {
    expect(draft(vehicle({ max_dc_kw_oem: null }))).toMatchObject({ state: 'ok', kw: 0, confidence: 0.45 });
  });

  it('scores an edge whose missing phases leave its power open by the open penalty, and at most 0.55 where they could halve it', () => {
    // Two-phase or three-phase: unknown phases at a 16 A box leave 7.4..11 kW open (not half).
    const box = charger({ slug: 'box', current_kind: 'AC', nominal_max_kw: 11, output_voltage_max_v: null });
    const socket = connectorRow({ charger: 'box', connector: 'type2', max_current_a: 16, phases: 3 });
    const ac = (car: ReturnType<typeof vehicle>) =>
      deriveDraft(
        dataset({ vehicles: [car], vehicleRegions: [vehicleRegion()], chargers: [box], chargerConnectors: [socket] }),
        car,
        box,
        'EU',
      )!;
    expect(ac(vehicle({ max_ac_kw_oem: 11, ac_phases: null }))).toMatchObject({
      kw: 11,
      confidence: round2(C.base - C.openPowerPenalty),
    });
    // A 7.4 kW charger of unknown phases: one phase would give 3.7 kW, half the published 7.4.
    expect(ac(vehicle({ max_ac_kw_oem: 7.4, ac_phases: null }))).toMatchObject({ kw: 7.4, confidence: 0.55 });
  });
});

describe('observedConfidence', () => {
  it('scores by the strongest kind of source behind the observation', () => {
    expect(observedConfidence(['community', 'testing', 'press'])).toBe(OBSERVATION_CONFIDENCE.testing);
    expect(observedConfidence(['community', 'press'])).toBe(OBSERVATION_CONFIDENCE.press);
    expect(observedConfidence(['community'])).toBe(OBSERVATION_CONFIDENCE.community);
  });

  it('ignores "derived" sources and falls back to the derived base without any other', () => {
    expect(observedConfidence(['derived', 'community'])).toBe(OBSERVATION_CONFIDENCE.community);
    expect(observedConfidence(['derived'])).toBe(C.base);
    expect(observedConfidence([])).toBe(C.base);
  });

  it('scores a tested observation above derivation from complete specifications (contract)', () => {
    expect(observedConfidence(['testing'])).toBeGreaterThan(derivedConfidence(inputs()));
  });

  it('has a score for every source kind but "derived" and "dataset"', () => {
    const kinds: Exclude<SourceKind, 'derived' | 'dataset'>[] = ['oem', 'regulatory', 'press', 'community', 'testing'];
    expect(Object.keys(OBSERVATION_CONFIDENCE).sort()).toEqual([...kinds].sort());
  });

  it('does not count an imported dataset behind an observation', () => {
    expect(observedConfidence(['dataset', 'press'])).toBe(OBSERVATION_CONFIDENCE.press);
    expect(observedConfidence(['dataset'])).toBe(C.base);
  });
});

describe('figureProvenance', () => {
  it('tells our own sources, a dataset alone and both apart by the kinds a figure group cites', () => {
    expect(figureProvenance([])).toBe('own');
    expect(figureProvenance(['oem', 'press'])).toBe('own');
    expect(figureProvenance(['dataset'])).toBe('upstream-only');
    expect(figureProvenance(['dataset', 'dataset'])).toBe('upstream-only');
    expect(figureProvenance(['dataset', 'oem'])).toBe('corroborated');
    expect(figureProvenance(['press', 'dataset', 'dataset'])).toBe('corroborated');
  });
});
