// Rule "cited-sources": an edge cites the sources of the facts its derivation used, and no others.
import { chargerSourceIds, currentFigureSourceIds, outletSourceIds } from '../../data/figure-sources.ts';
import type { DerivationRule, EdgeDraft } from '../rule.ts';

/** Marks an edge that the rules (not an observation) decided; rendered as a source of kind "derived". */
export const DERIVED_SOURCE_ID = 'derivation-rules';

/** The source ids behind the facts an edge was derived from (see the rule's conclusion). */
export function usedSources(draft: EdgeDraft): Set<string> {
  const { vehicle, vehicleRegion, charger, connectorRows } = draft.pairing;
  const ids = new Set<string>();
  const cite = (sources: readonly string[]) => sources.forEach((id) => ids.add(id));
  const best = draft.best;
  if (best === null) {
    // No connector meets an inlet: the inlets and the connectors of the region decide it.
    cite(vehicleRegion.source);
    for (const row of connectorRows) cite(outletSourceIds(row));
  } else {
    cite(vehicleRegion.source);
    cite(outletSourceIds(best.path.connector));
    cite(chargerSourceIds(charger));
    cite(currentFigureSourceIds(vehicle, best.path.current));
    cite(best.power?.implied ?? []);
    if (best.path.adapter) cite(best.path.adapter.source);
    // A protocol that only the vehicle's own list contributes is backed by the vehicle's general sources.
    if (best.protocols.some((id) => vehicle.protocols.includes(id))) cite(vehicle.source);
  }
  if (draft.observation) cite(draft.observation.source);
  return ids;
}

export const citedSources: DerivationRule = {
  name: 'cited-sources',
  stage: 'edge',
  input: 'the rows whose facts the edge used, and the observation',
  conclusion:
    "the sources of the vehicle's region row (inlets), the chosen connector row and the charger (each row's and its " +
    "figures'), the vehicle's DC or AC " +
    "figures for the path's current (each figure's `<figure>_source`, or its platform's), the implied facts the power " +
    "rule used, the adapter programme, the vehicle's `source` when " +
    'its own protocols are shared, and the observation; with no path, the region row and every connector row of R. ' +
    'The rules marker is added unless an observation decided the edge',
  decide(draft) {
    for (const id of usedSources(draft)) draft.sourceIds.add(id);
    if (!draft.observation) draft.sourceIds.add(DERIVED_SOURCE_ID);
  },
};
