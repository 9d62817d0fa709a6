// Rule "curated-observation": a sourced real-world observation of the pairing replaces the derived state and power.
import { observationKey } from '../../data/dataset.ts';
import type { DerivationRule } from '../rule.ts';

export const curatedObservation: DerivationRule = {
  name: 'curated-observation',
  stage: 'edge',
  input: 'a row of `observations.csv` for the pairing',
  conclusion:
    'replaces state and kW (an empty kW keeps the derived figure, 0 when derivation had none; `no` gives 0); the ' +
    'figures it settles are no longer missing',
  decide(draft) {
    const { data, vehicle, charger, region } = draft.pairing;
    const observation = data.observations.get(observationKey(vehicle.slug, charger.slug, region)) ?? null;
    if (!observation) return;
    draft.observation = observation;
    draft.state = observation.state;
    draft.kw = observation.state === 'no' ? 0 : (observation.kw ?? draft.kw);
    draft.reason = observation.state === 'no' || observation.state === 'unk' ? `observed: ${observation.note}` : null;
    draft.decidedBy = 'curated-observation';
    // The observation settles whether it charges; with its own kW, the power too.
    draft.missing =
      observation.state === 'no' || observation.kw !== null ? [] : draft.missing.filter((m) => m.decides === 'power');
  },
};
