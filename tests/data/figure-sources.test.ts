// build/data/figure-sources.ts is the one list of a vehicle's figures: vehicles.csv's figure columns, each followed by
// the column citing its sources, the figures that can decide an answer, and what the checks call them, come from it.
import { describe, expect, it } from 'vitest';
import { factSources } from '../../build/checks/fact-sources.ts';
import {
  CURRENT_FIGURES,
  DECIDING_FIGURES,
  FIGURE_NAMES,
  VEHICLE_FIGURES,
  figureSourceColumn,
} from '../../build/data/figure-sources.ts';
import { vehicleColumns } from '../../build/data/tables.ts';
import { WITHHOLDABLE } from '../../build/upstream/open-ev-data/mapping.ts';
import { IMPORTED_FIGURES, VARIANT_FIELDS } from '../../build/upstream/open-ev-data/ownership.ts';

describe("a vehicle's figures", () => {
  it("are vehicles.csv's figure columns, in the list's order, each followed by its source column", () => {
    const columns = Object.keys(vehicleColumns.shape);
    const figureBlock = columns.slice(columns.indexOf(VEHICLE_FIGURES[0]!), columns.indexOf('bidirectional'));
    expect(figureBlock).toEqual(VEHICLE_FIGURES.flatMap((figure) => [figure, figureSourceColumn(figure)]));
    expect(columns.filter((column) => column.endsWith('_source'))).toEqual(VEHICLE_FIGURES.map(figureSourceColumn));
  });

  it('that a path reads are the ones whose empty cell can decide an answer, in the same order', () => {
    expect(DECIDING_FIGURES).toEqual(
      VEHICLE_FIGURES.filter((figure) => [...CURRENT_FIGURES.DC, ...CURRENT_FIGURES.AC].includes(figure)),
    );
    expect(DECIDING_FIGURES).not.toContain('battery_kwh_usable');
    expect(DECIDING_FIGURES).toHaveLength(VEHICLE_FIGURES.length - 1);
  });

  it('are named in the fact-sources check by their names, and the importer withholds only what it offers', () => {
    for (const name of Object.values(FIGURE_NAMES)) expect(factSources.description).toContain(name);
    expect(IMPORTED_FIGURES.every((figure) => VEHICLE_FIGURES.includes(figure))).toBe(true);
    expect([...WITHHOLDABLE].sort()).toEqual([...IMPORTED_FIGURES, ...VARIANT_FIELDS].sort());
  });
});
