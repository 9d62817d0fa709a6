// Rule "state-precedence": the first state that applies, in the contract's order no > unk > adp > limited > ok.
import type { State } from '../../core/vocabulary.ts';
import type { DerivationRule } from '../rule.ts';

export interface StateInputs {
  /** No physical path, or a physical limit (voltage, protocol) rules charging out. */
  impossible: boolean;
  /** A figure needed to decide is missing. */
  unknown: boolean;
  /** Only an adapter makes the path work. */
  adapter: boolean;
  /** The charger side caps power below what the vehicle takes. */
  chargerLimited: boolean;
}

export function statePrecedence(inputs: StateInputs): State {
  if (inputs.impossible) return 'no';
  if (inputs.unknown) return 'unk';
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

export const statePrecedenceRule: DerivationRule = {
  name: 'state-precedence',
  stage: 'path',
  input: 'what the rules above concluded for the path',
  conclusion:
    "the first that applies: `no` (ruled out) → `unk` (a needed figure missing) → `adp` (only an adapter makes it work) → `limited` (kW below the vehicle's own maximum: the charger side is the cap) → `ok`",
  judge(_p, verdict) {
    const power = verdict.power;
    verdict.state = statePrecedence({
      impossible: (power?.impossible ?? null) !== null || (verdict.protocolsKnown && verdict.protocols.length === 0),
      unknown: (power?.missing.length ?? 0) > 0,
      adapter: verdict.path.adapter !== null,
      chargerLimited: power?.chargerLimited ?? false,
    });
    verdict.kw = verdict.state === 'no' ? 0 : (power?.kw ?? 0);
  },
};
