// Every place a row cites sources (its `source` column, each vehicle figure's own `<figure>_source`, a network region's
// `dc_sites_source` and `access_source`), so that the checks about citations look at all of them in one way.
import { VEHICLE_FIGURES, figureSourceColumn, figureSourceIds } from '../data/figure-sources.ts';
import type { Located, LoadedTables } from '../data/load.ts';

export interface Citation {
  row: Located<unknown>;
  column: string;
  ids: readonly string[];
}

export function citations(t: LoadedTables): Citation[] {
  const all: Citation[] = [];
  const add = (rows: readonly Located<{ source: string[] }>[]) =>
    rows.forEach((row) => all.push({ row, column: 'source', ids: row.value.source }));
  add(t.vehicles);
  for (const row of t.vehicles)
    for (const figure of VEHICLE_FIGURES)
      all.push({ row, column: figureSourceColumn(figure), ids: figureSourceIds(row.value, figure) });
  for (const rows of [
    t.vehicleRegions,
    t.chargers,
    t.chargerConnectors,
    t.observations,
    t.adapters,
    t.bestSellers,
    t.platforms,
    t.platformMembers,
    t.networks,
    t.networkChargers,
  ])
    add(rows);
  for (const row of t.networkRegions)
    all.push(
      { row, column: 'dc_sites_source', ids: row.value.dc_sites_source },
      { row, column: 'access_source', ids: row.value.access_source },
    );
  return all;
}
