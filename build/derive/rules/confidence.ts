// Rule "confidence": how sure an edge is, 0..1, from how it was decided (observation, specs) and what was missing.
import type { SourceKind, State } from '../../core/vocabulary.ts';
import type { DerivationRule } from '../rule.ts';

/** Curated observations score by the strongest kind of source behind them, always above derivation from specs. */
export const OBSERVATION_CONFIDENCE: Record<Exclude<SourceKind, 'derived'>, number> = {
  testing: 0.95,
  oem: 0.92,
  regulatory: 0.92,
  press: 0.88,
  community: 0.85,
};

export const DERIVED_CONFIDENCE = {
  /** No connector fits, even with an adapter: published connector types settle it. */
  noPhysicalPath: 0.9,
  /** A published limit (voltage window, no boost path, a unit speaking only another brand's protocol) rules it out. */
  ruledOut: 0.8,
  /** A figure or protocol that decides is not on record. */
  unknown: 0.2,
  /** Derived from complete specifications. */
  base: 0.8,
  adapterPenalty: 0.1,
  /** Per figure that could not be checked but would not change the state (a voltage, a current, the wallbox phases). */
  uncheckedInputPenalty: 0.05,
  floor: 0.3,
} as const;

const round2 = (value: number) => Math.round(value * 100) / 100;

export function observedConfidence(kinds: readonly SourceKind[]): number {
  const scores = kinds
    .filter((k): k is Exclude<SourceKind, 'derived'> => k !== 'derived')
    .map((k) => OBSERVATION_CONFIDENCE[k]);
  return scores.length > 0 ? Math.max(...scores) : DERIVED_CONFIDENCE.base;
}

export interface DerivedConfidenceInputs {
  state: State;
  noPhysicalPath: boolean;
  adapter: boolean;
  uncheckedInputs: number;
}

export function derivedConfidence(inputs: DerivedConfidenceInputs): number {
  const c = DERIVED_CONFIDENCE;
  if (inputs.state === 'no') return inputs.noPhysicalPath ? c.noPhysicalPath : c.ruledOut;
  if (inputs.state === 'unk') return c.unknown;
  const score = c.base - (inputs.adapter ? c.adapterPenalty : 0) - inputs.uncheckedInputs * c.uncheckedInputPenalty;
  return round2(Math.max(c.floor, score));
}

export const confidence: DerivationRule = {
  name: 'confidence',
  stage: 'edge',
  input: 'how the edge was decided: an observation and its sources, or the rules and what they could not check',
  conclusion: 'a score from 0 to 1 (table below)',
  decide(draft) {
    if (draft.observation) {
      const { sources } = draft.pairing.data;
      draft.confidence = observedConfidence(
        draft.observation.source.map((id) => sources.get(id)?.kind).filter((k): k is SourceKind => k !== undefined),
      );
      return;
    }
    draft.confidence = derivedConfidence({
      state: draft.state,
      noPhysicalPath: draft.best === null,
      adapter: draft.best?.path.adapter != null,
      uncheckedInputs: draft.best?.power?.unchecked.length ?? 0,
    });
  },
};
