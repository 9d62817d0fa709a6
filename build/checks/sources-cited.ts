// Check "sources-cited": every entry of data/sources.yaml is cited by some row (an unused source is dead weight in review).
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';
import { citations } from './citations.ts';

export const sourcesCited: TableCheck = {
  name: 'sources-cited',
  severity: 'style',
  description:
    'Every entry of data/sources.yaml is cited by some row (rows must cite at least one source: the schema requires it).',
  check(t) {
    const cited = new Set(citations(t).flatMap((citation) => citation.ids));
    return t.sources
      .filter((row) => !cited.has(row.value.id))
      .map((row): Problem => ({
        ...row.at('id'),
        check: 'sources-cited',
        message: `source "${row.value.id}" is cited by no row`,
        hint: 'cite it or remove it',
        // A rejected row may be the one citing it: then "unused" cannot be told.
        needsEveryRow: true,
      }));
  },
};
