// Every place a row cites sources (its `source` column, and a vehicle's per-fact `dc_source` and `ac_source`), so that
// the checks about citations look at all of them in one way.
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
  for (const row of t.vehicles) {
    all.push(
      { row, column: 'dc_source', ids: row.value.dc_source },
      { row, column: 'ac_source', ids: row.value.ac_source },
    );
  }
  for (const rows of [
    t.vehicleRegions,
    t.chargers,
    t.chargerConnectors,
    t.observations,
    t.adapters,
    t.bestSellers,
    t.platforms,
    t.platformMembers,
  ])
    add(rows);
  return all;
}
