// Rule "cited-sources": the sources an edge cites.
import type { DerivationRule } from '../rule.ts';

/** Marks an edge that the rules (not an observation) decided; rendered as a source of kind "derived". */
export const DERIVED_SOURCE_ID = 'derivation-rules';

export const citedSources: DerivationRule = {
  name: 'cited-sources',
  stage: 'edge',
  input: 'the rows the edge was derived from, and the observation',
  conclusion:
    'the sources of the vehicle, its region row, the charger, the chosen connector row (every connector row in R when no path exists) and the adapter, plus the rules marker; an observation replaces the marker with its own sources',
  decide(draft) {
    const { vehicle, vehicleRegion, charger, connectorRows } = draft.pairing;
    const ids = draft.sourceIds;
    for (const row of [vehicle, vehicleRegion, charger, ...(draft.best ? [draft.best.path.connector] : connectorRows)]) row.source.forEach((id) => ids.add(id));
    draft.best?.path.adapter?.source.forEach((id) => ids.add(id));
    if (draft.observation) draft.observation.source.forEach((id) => ids.add(id));
    else ids.add(DERIVED_SOURCE_ID);
  },
};
