// Check "fact-sources": each figure of a vehicle, charger or outlet row cites the sources that back it in its own column
// (`<figure>_source`, build/data/figure-sources.ts), so that an edge can cite exactly the sources of the facts it used.
import { SOURCED_FIGURES } from '../data/figure-sources.ts';
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';
import { figureCitations } from './citations.ts';

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
    for (const { row, column, figure, filled, ids } of figureCitations(t)) {
      const cited = ids.length > 0;
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
    return problems;
  },
};
