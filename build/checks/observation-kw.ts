// Check "observation-kw": an observed figure never exceeds what either side can take (the vehicle's maximum, the cap of
// the outlet and adapter it charges through), and a figure an observation's note cites is in its kw column (so the
// edge publishes it instead of 0).
import type { Problem } from '../data/problems.ts';
import { outletCapKw } from '../derive/outlet.ts';
import type { EdgeDraft } from '../derive/rule.ts';
import type { ObservationCheck } from './check.ts';

/** The cap of the outlet (and adapter) the edge charges through, and what it is; the unit's nominal without a path. */
function pathCap(edge: EdgeDraft): { kw: number; what: string } | null {
  const best = edge.best;
  const { connectorRows, charger } = edge.pairing;
  if (!best) return { kw: charger.nominal_max_kw, what: `${charger.slug}'s nominal maximum` };
  const outlet = outletCapKw(best.path.connector, connectorRows, charger);
  const adapter = best.path.adapter?.max_kw ?? null;
  if (adapter !== null && (outlet === null || adapter < outlet))
    return { kw: adapter, what: `the ${best.path.adapter!.id} adapter's cap` };
  return outlet === null
    ? null
    : { kw: outlet, what: `the cap of ${charger.slug}'s ${best.path.connector.connector} outlet` };
}

const NAME = 'observation-kw';
/** "126 kW", "about 50kW": a power figure in free text. */
const FIGURE = /(\d+(?:\.\d+)?)\s?kW\b/;

export const observationKw: ObservationCheck = {
  name: NAME,
  severity: 'error',
  description:
    "An observation's kw is at most the vehicle's maximum for that current and the cap of the outlet (and adapter) " +
    'it charges through; an ok, limited or adp observation whose note cites a kW figure that the rules cannot give ' +
    'has it in kw.',
  check(observed) {
    const problems: Problem[] = [];
    for (const { row, vehicleMaxKw, derivedKw, edge } of observed) {
      const { kw, state, note, vehicle } = row.value;
      if (kw !== null && vehicleMaxKw !== null && kw > vehicleMaxKw)
        problems.push({
          ...row.at('kw'),
          check: NAME,
          message: `${kw} kW is above ${vehicle}'s own maximum of ${vehicleMaxKw} kW: an edge never exceeds what the vehicle takes`,
        });
      const cap = pathCap(edge);
      if (kw !== null && cap !== null && kw > cap.kw)
        problems.push({
          ...row.at('kw'),
          check: NAME,
          message: `${kw} kW is above ${cap.what}, ${cap.kw} kW: an edge never exceeds the outlet it charges through`,
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
