// Rule "confidence": how an edge decided (observation, specifications, what could not be checked) gives its score.
import { describe, expect, it } from 'vitest';
import type { SourceKind } from '../../../build/core/vocabulary.ts';
import {
  DERIVED_CONFIDENCE as C,
  OBSERVATION_CONFIDENCE,
  derivedConfidence,
  figureProvenance,
  observedConfidence,
  type DerivedConfidenceInputs,
} from '../../../build/derive/rules/confidence.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;
const inputs = (o: Partial<DerivedConfidenceInputs> = {}): DerivedConfidenceInputs => ({
  state: 'ok',
  noPhysicalPath: false,
  adapter: false,
  uncheckedInputs: 0,
  figures: 'own',
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
