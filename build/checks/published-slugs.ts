// Check "published-slugs": a slug that was ever published keeps answering: it stays in the data, or an alias
// (data/aliases.csv) points it at the slug that replaced it; aliases point at slugs that exist.
import type { Problem } from '../data/problems.ts';
import { suggestion } from '../data/suggest.ts';
import type { TableCheck } from './check.ts';

const NAME = 'published-slugs';

export const publishedSlugs: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'A vehicle or charger published in an earlier release is still in the data or has an alias in data/aliases.csv; ' +
    'an alias points at an existing slug of its kind and does not shadow one.',
  check(t, context) {
    const problems: Problem[] = [];
    const current = {
      vehicle: new Set(t.vehicles.map((row) => row.value.slug)),
      charger: new Set(t.chargers.map((row) => row.value.slug)),
    };
    const aliased = { vehicle: new Set<string>(), charger: new Set<string>() };
    for (const row of t.aliases) {
      const { kind, old_slug: old, new_slug: target } = row.value;
      aliased[kind].add(old);
      if (current[kind].has(old))
        problems.push({
          ...row.at('old_slug'),
          check: NAME,
          message: `${kind} "${old}" still exists, so it cannot be an alias`,
        });
      if (!current[kind].has(target))
        problems.push({
          ...row.at('new_slug'),
          check: NAME,
          message: `${kind} "${target}" does not exist${suggestion(target, current[kind], { list: false })}`,
          about: { table: kind === 'vehicle' ? 'vehicles' : 'chargers', key: target },
        });
    }
    const where = { vehicle: 'data/vehicles.csv', charger: 'data/chargers.csv' } as const;
    for (const kind of ['vehicle', 'charger'] as const) {
      for (const slug of [...context.published[kind === 'vehicle' ? 'vehicles' : 'chargers']].sort()) {
        if (current[kind].has(slug) || aliased[kind].has(slug)) continue;
        problems.push({
          file: where[kind],
          line: 1,
          column: 1,
          check: NAME,
          message: `${kind} "${slug}" was published (data/ledger/) and would disappear from the API`,
          hint: `keep its row, or add "${kind},${slug},<new slug>,<why>" to data/aliases.csv`,
          // A row the schema rejected may be the one that keeps it: its error is the one to fix first.
          needsEveryRow: true,
        });
      }
    }
    return problems;
  },
};
