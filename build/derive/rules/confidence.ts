// Rule "confidence": how sure an edge is, 0..1, from how it was decided (observation, specs), what was missing and
// where the vehicle's figures come from (our own sources, an imported dataset only, or both agreeing).
import type { SourceKind, State } from '../../core/vocabulary.ts';
import { CURRENT_FIGURES, figureSourceIds } from '../../data/figure-sources.ts';
import type { DerivationRule, EdgeDraft } from '../rule.ts';

/** The kinds of source an observation can rest on: not the rules' marker, not an imported dataset. */
type ObservationSourceKind = Exclude<SourceKind, 'derived' | 'dataset'>;

/** Curated observations score by the strongest kind of source behind them, always above derivation from specs. */
export const OBSERVATION_CONFIDENCE: Record<ObservationSourceKind, number> = {
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
  /** A figure or protocol that could rule every usable path out is not on record. */
  unknown: 0.2,
  /** Derived from complete specifications. */
  base: 0.8,
  adapterPenalty: 0.1,
  /** Per figure that could not be checked but would change neither state nor kW (a voltage, the wallbox phases). */
  uncheckedInputPenalty: 0.05,
  /** The vehicle's figures for the path's current rest on an imported dataset alone. */
  upstreamOnlyPenalty: 0.1,
  /** Our own sources and an imported dataset agree on them (the importer cites the dataset only then). */
  corroborationBonus: 0.04,
  /** A missing figure leaves the power open by less than half of the published figure. */
  openPowerPenalty: 0.1,
  /** The most a usable edge scores when a missing figure could halve its power (or leaves it unbounded below). */
  couldHalveCeiling: 0.55,
  /** The most a usable edge scores when the vehicle's own maximum for the current is not on record (kW 0). */
  powerNotOnRecordCeiling: 0.45,
  floor: 0.3,
} as const;

/** How much of a usable edge's published power rests on missing figures. */
export type PowerCertainty = 'known' | 'open' | 'could-halve' | 'not-on-record';

/**
 * From the published kW and the range the missing figures leave open: `not-on-record` when kW is 0 (the vehicle's own
 * maximum is missing), `could-halve` when the power could be half the published figure or less (or is not bounded
 * below, or could be twice the published figure), `open` for a smaller spread, `known` when nothing is missing or
 * what is missing leaves the power at the published figure (e.g. a 50 kW unit whether the car boosts at 126 kW or not).
 */
export function powerCertainty(
  kw: number,
  range: { lowKw: number | null; highKw: number | null },
  missing: number,
): PowerCertainty {
  if (kw === 0) return 'not-on-record';
  if (missing === 0) return 'known';
  const low = range.lowKw;
  const high = Math.max(kw, range.highKw ?? kw);
  if (low === null || low <= high / 2) return 'could-halve';
  return low >= kw && high <= kw ? 'known' : 'open';
}

/**
 * Where a vehicle figure comes from, by the kinds of the sources its own column (`<figure>_source`) cites: our own
 * sources, an imported dataset alone, or both (written by the importer only where the dataset agrees with the figure
 * within 5 %).
 */
export type FigureProvenance = 'own' | 'upstream-only' | 'corroborated';

export function figureProvenance(kinds: readonly SourceKind[]): FigureProvenance {
  const fromDataset = kinds.filter((kind) => kind === 'dataset').length;
  if (fromDataset === 0) return 'own';
  return fromDataset === kinds.length ? 'upstream-only' : 'corroborated';
}

const PROVENANCE_ADJUSTMENT: Record<FigureProvenance, number> = {
  own: 0,
  'upstream-only': -DERIVED_CONFIDENCE.upstreamOnlyPenalty,
  corroborated: DERIVED_CONFIDENCE.corroborationBonus,
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export function observedConfidence(kinds: readonly SourceKind[]): number {
  const scores = kinds
    .filter((k): k is ObservationSourceKind => k !== 'derived' && k !== 'dataset')
    .map((k) => OBSERVATION_CONFIDENCE[k]);
  return scores.length > 0 ? Math.max(...scores) : DERIVED_CONFIDENCE.base;
}

export interface DerivedConfidenceInputs {
  state: State;
  noPhysicalPath: boolean;
  adapter: boolean;
  uncheckedInputs: number;
  /** Where the vehicle's figures for the chosen path's current come from. */
  figures: FigureProvenance;
  /** How much of the published power rests on missing figures (usable edges). */
  power: PowerCertainty;
}

export function derivedConfidence(inputs: DerivedConfidenceInputs): number {
  const c = DERIVED_CONFIDENCE;
  if (inputs.state === 'no') return inputs.noPhysicalPath ? c.noPhysicalPath : c.ruledOut;
  if (inputs.state === 'unk') return c.unknown;
  let score =
    c.base -
    (inputs.adapter ? c.adapterPenalty : 0) -
    inputs.uncheckedInputs * c.uncheckedInputPenalty +
    PROVENANCE_ADJUSTMENT[inputs.figures];
  if (inputs.power === 'open') score -= c.openPowerPenalty;
  if (inputs.power === 'could-halve') score = Math.min(score, c.couldHalveCeiling);
  if (inputs.power === 'not-on-record') score = Math.min(score, c.powerNotOnRecordCeiling);
  return round2(Math.max(c.floor, score));
}

/**
 * Where the vehicle's figures for the chosen path's current come from, each figure by the kinds of its own sources:
 * the weakest of them (one resting on a dataset alone makes the path's figures so; own when there is no path).
 */
function pathFigureProvenance(draft: EdgeDraft): FigureProvenance {
  const { vehicle, data } = draft.pairing;
  if (draft.best === null) return 'own';
  const each = CURRENT_FIGURES[draft.best.path.current]
    .map((figure) => figureSourceIds(vehicle, figure))
    .filter((ids) => ids.length > 0)
    .map((ids) =>
      figureProvenance(ids.map((id) => data.sources.get(id)?.kind).filter((k): k is SourceKind => k !== undefined)),
    );
  return (['upstream-only', 'corroborated'] as const).find((p) => each.includes(p)) ?? 'own';
}

/** The power range of the answer: the chosen path's, widened by the missing figures the answer lists. */
function answerRange(draft: EdgeDraft): { lowKw: number | null; highKw: number | null } {
  const power = draft.best?.power;
  const powerMissing = draft.missing.filter((m) => m.decides === 'power');
  const highs = powerMissing.map((m) => m.kwMax).filter((kw): kw is number => kw !== null);
  return {
    lowKw: power?.lowKw ?? null,
    highKw: Math.max(power?.highKw ?? 0, ...highs) || null,
  };
}

export const confidence: DerivationRule = {
  name: 'confidence',
  stage: 'edge',
  input:
    'how the edge was decided: an observation and its sources, or the rules, what they could not check, how much of ' +
    "the power rests on missing figures, and where the vehicle's figures for the path's current come from (each " +
    "figure's `<figure>_source`: our own sources, an imported dataset alone, or both; the weakest figure counts)",
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
      figures: pathFigureProvenance(draft),
      power: powerCertainty(draft.kw, answerRange(draft), draft.missing.filter((m) => m.decides === 'power').length),
    });
  },
};
