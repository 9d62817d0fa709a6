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

/** A figure cell's citation: the figure, whether it is filled, and what its own `<figure>_source` column cites. */
export interface FigureCitation extends Citation {
  figure: Figure;
  filled: boolean;
}

/** Every figure of the tables whose figures cite their own sources (build/data/figure-sources.ts SOURCED_FIGURES). */
export function figureCitations(t: LoadedTables): FigureCitation[] {
  const all: FigureCitation[] = [];
  for (const table of Object.keys(SOURCED_FIGURES) as (keyof typeof SOURCED_FIGURES)[]) {
    const figures = (Object.keys(SOURCED_FIGURES[table]) as Figure[]).map((figure) => ({
      figure,
      column: figureSourceColumn(figure),
    }));
    for (const row of t[table] as readonly Located<object>[]) {
      const cells = row.value as Record<string, unknown>;
      for (const { figure, column } of figures)
        all.push({ row, column, figure, filled: cells[figure] !== null, ids: cells[column] as readonly string[] });
    }
  }
  return all;
}

export function citations(t: LoadedTables): Citation[] {
  const all: Citation[] = [];
  const add = (rows: readonly Located<{ source: string[] }>[]) =>
    rows.forEach((row) => all.push({ row, column: 'source', ids: row.value.source }));
  for (const table of Object.keys(SOURCED_FIGURES) as (keyof typeof SOURCED_FIGURES)[]) add(t[table]);
  for (const { row, column, ids } of figureCitations(t)) all.push({ row, column, ids });
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
