// Derives one compatibility edge (vehicle × charger × region) by running the rule set in order, stage by stage.
import type { Region } from '../core/regions.ts';
import type { State } from '../core/vocabulary.ts';
import type { Dataset } from '../data/dataset.ts';
import type { ChargerRow, VehicleRow } from '../data/tables.ts';
import type { CurrentKind } from '../core/vocabulary.ts';
import type { DerivationRule, EdgeDraft, MissingFigure, PathVerdict, PowerCap } from './rule.ts';
import { DERIVATION_RULES } from './rules/index.ts';

/** The edge's facts before rendering; `sourceIds` are ids in dataset.sources, plus DERIVED_SOURCE_ID when rules decided. */
export interface EdgeFacts {
  vehicle: string;
  charger: string;
  region: Region;
  kw: number;
  state: State;
  confidence: number;
  protocols: string[];
  adapterRequired: boolean;
  sourceIds: string[];
  /** Why: the path, the caps on record, the missing figures and the deciding rule (the explain documents). */
  explanation: EdgeExplanation;
}

/** The reasoning behind an edge, as `/api/v1/vehicles/{slug}/explain` publishes it. */
export interface EdgeExplanation {
  path: { current: CurrentKind; connector: string; inlet: string; adapter: string | null } | null;
  caps: PowerCap[];
  missing: MissingFigure[];
  decidedBy: string;
}

/** The explanation of a derived draft: the chosen path, its caps, what is missing and the rule that decided. */
export function explanationOf(draft: EdgeDraft): EdgeExplanation {
  const best = draft.best;
  return {
    path: best && {
      current: best.path.current,
      connector: best.path.connector.connector,
      inlet: best.path.vehicleInlet,
      adapter: best.path.adapter?.id ?? null,
    },
    caps: draft.state === 'no' || draft.state === 'unk' ? [] : (best?.power?.caps ?? []),
    missing: draft.missing,
    decidedBy: draft.decidedBy,
  };
}

type StageRule<S extends DerivationRule['stage']> = Extract<DerivationRule, { stage: S }>;
const stage = <S extends DerivationRule['stage']>(name: S) =>
  DERIVATION_RULES.filter((rule): rule is StageRule<S> => rule.stage === name);
const PAIRING_RULES = stage('pairing');
const PATH_FINDERS = stage('paths');
const PATH_JUDGES = stage('path');
const EDGE_RULES = stage('edge');

/** The edge as the rules leave it (every path's verdict, the reason of a `no` or `unk`), or null when there is none. */
export function deriveDraft(data: Dataset, vehicle: VehicleRow, charger: ChargerRow, region: Region): EdgeDraft | null {
  let pairing = null;
  for (const rule of PAIRING_RULES) {
    pairing = rule.pairing(data, vehicle, charger, region);
    if (!pairing) return null;
  }
  if (!pairing) return null;
  const verdicts = PATH_FINDERS.flatMap((rule) => rule.paths(pairing)).map((path) => {
    const verdict: PathVerdict = {
      path,
      power: null,
      protocols: [],
      protocolGap: null,
      state: 'unk',
      kw: 0,
      reason: null,
      decidedBy: 'state-precedence',
    };
    for (const rule of PATH_JUDGES) rule.judge(pairing, verdict);
    return verdict;
  });
  const draft: EdgeDraft = {
    pairing,
    verdicts,
    best: null,
    state: 'no',
    reason: null,
    kw: 0,
    confidence: 0,
    protocols: [],
    observation: null,
    decidedBy: 'connector-match',
    missing: [],
    sourceIds: new Set(),
  };
  for (const rule of EDGE_RULES) rule.decide(draft);
  return draft;
}

/** The edge for a pairing in a region, or null when the vehicle or the charger is not available there. */
export function deriveEdge(data: Dataset, vehicle: VehicleRow, charger: ChargerRow, region: Region): EdgeFacts | null {
  const draft = deriveDraft(data, vehicle, charger, region);
  if (!draft) return null;
  return {
    vehicle: vehicle.slug,
    charger: charger.slug,
    region,
    kw: draft.kw,
    state: draft.state,
    confidence: draft.confidence,
    protocols: draft.protocols,
    adapterRequired: draft.state === 'adp',
    sourceIds: [...draft.sourceIds].sort(),
    explanation: explanationOf(draft),
  };
}
