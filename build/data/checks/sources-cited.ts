// Check "sources-cited": every row cites a source, and every source in data/sources.yaml is cited by some row.
import type { Problem } from '../problems.ts';
import type { DataCheck } from './check.ts';

export const sourcesCited: DataCheck = {
  name: 'sources-cited',
  kind: 'style',
  description: 'Every row cites at least one source, and every entry of data/sources.yaml is cited somewhere (an unused source is dead weight in review).',
  check(t, rejected = {}) {
    const problems: Problem[] = [];
    const cited = new Set<string>();
    const rows = [...t.vehicles, ...t.vehicleRegions, ...t.chargers, ...t.chargerConnectors, ...t.observations, ...t.adapters];
    for (const row of rows) {
      if (row.value.source.length === 0) problems.push({ ...row.at('source'), check: 'sources-cited', message: 'the row cites no source' });
      row.value.source.forEach((id) => cited.add(id));
    }
    // A row the schema rejected may be the one citing a source: then "unused" cannot be told.
    if (Object.entries(rejected).some(([table, keys]) => table !== 'sources' && (keys === 'all' || keys.size > 0))) return problems;
    for (const row of t.sources) {
      if (!cited.has(row.value.id)) {
        problems.push({ ...row.at('id'), check: 'sources-cited', message: `source "${row.value.id}" is cited by no row`, hint: 'cite it or remove it' });
      }
    }
    return problems;
  },
};
