// Check "observation-protocol": an observation that makes a pairing usable (ok, limited, adp) has a protocol both sides
// are on record as speaking over the path it charges through, so its edge names one.
import type { Problem } from '../data/problems.ts';
import type { ObservationCheck } from './check.ts';

const NAME = 'observation-protocol';
const USABLE = new Set(['ok', 'limited', 'adp']);

export const observationProtocol: ObservationCheck = {
  name: NAME,
  severity: 'error',
  description:
    'An ok, limited or adp observation charges over a protocol both sides are on record as speaking (a usable edge always names its protocol).',
  check(observed) {
    const problems: Problem[] = [];
    for (const { row, edge } of observed) {
      const { state, vehicle, charger, region } = row.value;
      if (!USABLE.has(state) || edge.protocols.length > 0) continue;
      const over = edge.best ? ` over ${edge.best.path.connector.connector}` : '';
      problems.push({
        ...row.at('state'),
        check: NAME,
        message:
          `${vehicle} at ${charger} in ${region} is observed ${state}, but no protocol both sides speak${over} is on ` +
          `record, so the edge would name none`,
        hint: "add the protocol to the vehicle's or the charger's protocols column, with its source",
      });
    }
    return problems;
  },
};
