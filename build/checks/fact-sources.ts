// Check "fact-sources": each figure of a vehicle row cites the sources that back it in its own column
// (`<figure>_source`, build/data/figure-sources.ts), so that an edge can cite exactly the sources of the facts it used.
import { FIGURE_NAMES, VEHICLE_FIGURES, figureSourceColumn, figureSourceIds } from '../data/figure-sources.ts';
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'fact-sources';

export const factSources: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    `Every filled figure of a vehicle (${Object.values(FIGURE_NAMES).join(', ')}) cites at least one source in its ` +
    'own <figure>_source column; an empty figure cites nothing.',
  check(t) {
    const problems: Problem[] = [];
    for (const row of t.vehicles) {
      for (const figure of VEHICLE_FIGURES) {
        const column = figureSourceColumn(figure);
        const filled = row.value[figure] !== null;
        const cited = figureSourceIds(row.value, figure).length > 0;
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
    }
    return problems;
  },
};
