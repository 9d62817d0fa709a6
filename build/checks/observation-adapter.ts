// Check "observation-adapter": an observation cannot turn a pairing that needs an adapter into ok or limited, claim an
// adapter where the connector fits directly, or make a pairing with no physical path work.
import type { Problem } from '../data/problems.ts';
import type { ObservationCheck } from './check.ts';

const NAME = 'observation-adapter';

export const observationAdapter: ObservationCheck = {
  name: NAME,
  severity: 'error',
  description:
    'An observed pairing that only an adapter makes possible is adp, no or unk; one whose connector fits directly is ' +
    'not adp; one with no physical path at all (no adapter programme either) is no or unk.',
  check(observed) {
    const problems: Problem[] = [];
    for (const { row, direct, throughAdapter } of observed) {
      const { state, vehicle, charger, region } = row.value;
      const at = row.at('state');
      if (direct.length === 0 && throughAdapter.length > 0 && (state === 'ok' || state === 'limited')) {
        problems.push({
          ...at,
          check: NAME,
          message:
            `${vehicle} meets ${charger} in ${region} only through an adapter ` +
            `(${throughAdapter.map((p) => p.adapter!.id).join(', ')}): the state is adp (or no, or unk), not ${state}`,
        });
      }
      if (direct.length > 0 && state === 'adp') {
        problems.push({
          ...at,
          check: NAME,
          message:
            `${vehicle}'s ${direct[0]!.vehicleInlet} inlet fits ${charger}'s connector directly in ${region}: no adapter is ` +
            `needed, so the state is not adp`,
        });
      }
      if (
        direct.length === 0 &&
        throughAdapter.length === 0 &&
        (state === 'ok' || state === 'limited' || state === 'adp')
      ) {
        problems.push({
          ...at,
          check: NAME,
          message:
            `no connector of ${charger} meets ${vehicle}'s inlets in ${region}, and no adapter programme covers the pairing: ` +
            `the state can only be no or unk`,
          hint: 'add the adapter programme (data/adapters.yaml) that makes it work',
        });
      }
    }
    return problems;
  },
};
