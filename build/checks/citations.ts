// Every place a row cites sources (its `source` column, each figure's own `<figure>_source` in vehicles, chargers and
// outlets, a network region's `dc_sites_source` and `access_source`), so that the checks about citations look at all of
// them in one way.
import { figureSourceColumn, SOURCED_FIGURES, type Figure } from '../data/figure-sources.ts';
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
  for (const table of Object.keys(SOURCED_FIGURES) as (keyof typeof SOURCED_FIGURES)[]) {
    add(t[table]);
    for (const row of t[table] as readonly Located<object>[])
      for (const figure of Object.keys(SOURCED_FIGURES[table]) as Figure[]) {
        const column = figureSourceColumn(figure);
        all.push({ row, column, ids: (row.value as Record<string, readonly string[]>)[column] ?? [] });
      }
  }
  for (const rows of [
    t.vehicleRegions,
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
