// Check "fact-sources": each figure of a vehicle, charger or outlet row cites the sources that back it in its own column
// (`<figure>_source`, build/data/figure-sources.ts), so that an edge can cite exactly the sources of the facts it used.
import { figureSourceColumn, SOURCED_FIGURES, type Figure } from '../data/figure-sources.ts';
import type { Located } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'fact-sources';

const figureNames = Object.values(SOURCED_FIGURES)
  .flatMap((names) => Object.values(names))
  .join(', ');

export const factSources: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    `Every filled figure of a vehicle, a charger or an outlet (${figureNames}) cites at least one source in its own ` +
    '<figure>_source column; an empty figure cites nothing.',
  check(t) {
    const problems: Problem[] = [];
    const checkRows = (rows: readonly Located<object>[], figures: readonly Figure[]) => {
      for (const row of rows)
        for (const figure of figures) {
          const cells = row.value as Record<string, unknown>;
          const column = figureSourceColumn(figure);
          const filled = cells[figure] !== null && cells[figure] !== undefined;
          const cited = ((cells[column] as readonly string[] | undefined) ?? []).length > 0;
          if (filled && !cited)
            problems.push({
              ...row.at(column),
              check: NAME,
              message: `${figure} is filled but ${column} cites no source for it`,
            });
          if (!filled && cited)
            problems.push({
              ...row.at(column),
              check: NAME,
              message: `${column} cites sources but ${figure} is empty`,
              hint: `fill ${figure} from those sources, or empty ${column}`,
            });
        }
    };
    for (const table of Object.keys(SOURCED_FIGURES) as (keyof typeof SOURCED_FIGURES)[])
      checkRows(t[table], Object.keys(SOURCED_FIGURES[table]) as Figure[]);
    return problems;
  },
};
