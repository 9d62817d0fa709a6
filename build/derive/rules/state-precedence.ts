// Rule "state-precedence": the first state that applies, in the contract's order no > unk > adp > limited > ok, and
// the reason of a `no` (a known limit) or an `unk` (the figure that is missing).
import type { State } from '../../core/vocabulary.ts';
import { figureText } from '../figure-refs.ts';
import type { DerivationRule, PathVerdict } from '../rule.ts';

export interface StateInputs {
  /** A known physical limit (voltage) or protocol incompatibility rules charging out; the reason. */
  impossible: string | null;
  /** Figures or facts needed to decide that are missing; empty when none is. */
  unknown: readonly string[];
  /** Only an adapter makes the path work. */
  adapter: boolean;
  /** The charger side caps power below what the vehicle takes. */
  chargerLimited: boolean;
}

export function statePrecedence(inputs: StateInputs): State {
  if (inputs.impossible !== null) return 'no';
  if (inputs.unknown.length > 0) return 'unk';
  if (inputs.adapter) return 'adp';
  if (inputs.chargerLimited) return 'limited';
  return 'ok';
}

/** Best first: a usable direct answer beats an adapter, a known answer beats unk, unk beats no. */
const STATE_RANK: Record<State, number> = { ok: 0, limited: 1, adp: 2, unk: 3, no: 4 };

/** Orders two candidate verdicts: better state first, then higher power. */
export function compareVerdicts(a: { state: State; kw: number }, b: { state: State; kw: number }): number {
  return STATE_RANK[a.state] - STATE_RANK[b.state] || b.kw - a.kw;
}

/** What decides one path, from what the rules before this one concluded. */
export function pathInputs(verdict: PathVerdict): StateInputs {
  const { power, protocolGap: gap } = verdict;
  return {
    impossible: power?.impossible ?? (gap?.incompatible ? gap.reason : null),
    unknown: [
      ...(power?.missing ?? [])
        .filter((m) => m.decides === 'state')
        .map((m) => `${figureText(m.figure)} is not known (${m.why})`),
      ...(gap && !gap.incompatible ? [gap.reason] : []),
    ],
    adapter: verdict.path.adapter !== null,
    chargerLimited: power?.chargerLimited ?? false,
  };
}

/** The rule whose finding decided a path's state: the limit's or the gap's rule, else the power rule. */
function decidingRule(verdict: PathVerdict, state: State): string {
  const powerRule = verdict.path.current === 'DC' ? 'dc-power' : 'ac-power';
  const { power, protocolGap: gap } = verdict;
  if (state === 'no') return power?.impossible ? powerRule : 'shared-protocols';
  if (state === 'unk') return power?.missing.some((m) => m.decides === 'state') ? powerRule : 'shared-protocols';
  return state === 'adp' && gap === null ? 'adapter-path' : powerRule;
}

export const statePrecedenceRule: DerivationRule = {
  name: 'state-precedence',
  stage: 'path',
  input: 'what the rules above concluded for the path',
  conclusion:
    'the first that applies: `no` (a known limit rules it out) → `unk` (a figure or protocol that could rule it out ' +
    'is not on record) → `adp` (only an adapter makes it work) → `limited` (a charger-side cap on record binds below ' +
    "the vehicle's own maximum on record) → `ok`. A usable path always names a protocol; a missing fact never gives " +
    '`no`; a figure that only changes the power never gives `unk`',
  judge(_p, verdict) {
    const inputs = pathInputs(verdict);
    verdict.state = statePrecedence(inputs);
    verdict.kw = verdict.state === 'no' || verdict.state === 'unk' ? 0 : (verdict.power?.kw ?? 0);
    verdict.reason = inputs.impossible ?? (inputs.unknown.length > 0 ? inputs.unknown.join('; ') : null);
    verdict.decidedBy = decidingRule(verdict, verdict.state);
  },
};
