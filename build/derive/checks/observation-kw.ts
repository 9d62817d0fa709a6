// Check "observation-kw": an observed figure never exceeds what either side can take, and a figure an observation's
// note cites is in its kw column (so the edge publishes it instead of 0).
import type { Problem } from '../../data/problems.ts';
import type { ObservationCheck } from './observation-check.ts';

const NAME = 'observation-kw';
/** "126 kW", "about 50kW": a power figure in free text. */
const FIGURE = /(\d+(?:\.\d+)?)\s?kW\b/;

export const observationKw: ObservationCheck = {
  name: NAME,
  severity: 'error',
  description:
    "An observation's kw is at most the vehicle's maximum for that current and the charger's nominal maximum; an ok, limited or adp observation whose note cites a kW figure that the rules cannot give has it in kw.",
  check(observed) {
    const problems: Problem[] = [];
    for (const { row, vehicleMaxKw, chargerMaxKw, derivedKw } of observed) {
      const { kw, state, note, vehicle, charger } = row.value;
      if (kw !== null && vehicleMaxKw !== null && kw > vehicleMaxKw)
        problems.push({
          ...row.at('kw'),
          check: NAME,
          message: `${kw} kW is above ${vehicle}'s own maximum of ${vehicleMaxKw} kW: an edge never exceeds what the vehicle takes`,
        });
      if (kw !== null && kw > chargerMaxKw)
        problems.push({
          ...row.at('kw'),
          check: NAME,
          message: `${kw} kW is above ${charger}'s nominal maximum of ${chargerMaxKw} kW`,
        });
      const cited = FIGURE.exec(note);
      // An empty kw keeps the rules' figure: only when they have none would the cited figure be lost (kW 0 published).
      if (
        kw === null &&
        derivedKw === 0 &&
        cited &&
        (state === 'ok' || state === 'limited' || state === 'adp') &&
        !/no (?:measured|sourced) .*(?:peak|figure)/i.test(note)
      ) {
        problems.push({
          ...row.at('kw'),
          check: NAME,
          message: `the note cites ${cited[0]} but kw is empty, so the edge would not carry it`,
          hint: 'put the observed peak in kw, or say in the note that no measured peak was found',
        });
      }
    }
    return problems;
  },
};
