// The "published-slugs" check (build/checks/published-slugs.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { publishedSlugs } from '../../build/checks/published-slugs.ts';
import { located } from '../helpers/rows.ts';
import { withVehicle, published } from '../helpers/check-tables.ts';

const V = 'data/vehicles.csv';

describe('published-slugs', () => {
  const alias = (line: number, kind: 'vehicle' | 'charger', old: string, current: string) =>
    located('aliases', line, { kind, old_slug: old, new_slug: current, note: 'renamed' });

  it('reports a published vehicle that left the data without an alias', () => {
    const problems = publishedSlugs.check(withVehicle({}), published(['test-car-2024-eu', 'gone-car-2020-eu']));
    expect(problems).toMatchObject([
      {
        file: V,
        line: 1,
        check: 'published-slugs',
        message: 'vehicle "gone-car-2020-eu" was published (data/ledger/) and would disappear from the API',
      },
    ]);
  });

  it('accepts an alias to an existing slug, and reports one that points nowhere (suggesting a close slug) or shadows a live slug', () => {
    const t = withVehicle({});
    t.aliases.push(alias(2, 'vehicle', 'gone-car-2020-eu', 'test-car-2024-eu'));
    expect(publishedSlugs.check(t, published(['gone-car-2020-eu']))).toEqual([]);
    t.aliases.push(
      alias(3, 'vehicle', 'test-car-2024-eu', 'test-car-2024-eu'),
      alias(4, 'charger', 'old-box', 'no-such-box'),
      alias(5, 'vehicle', 'old-car-2019-eu', 'test-car-2042-eu'),
    );
    expect(
      publishedSlugs.check(t, published(['gone-car-2020-eu'])).map((p) => [p.file, p.line, p.column, p.message]),
    ).toEqual([
      ['data/aliases.csv', 3, 2, 'vehicle "test-car-2024-eu" still exists, so it cannot be an alias'],
      ['data/aliases.csv', 4, 3, 'charger "no-such-box" does not exist'],
      ['data/aliases.csv', 5, 3, 'vehicle "test-car-2042-eu" does not exist; did you mean "test-car-2024-eu"?'],
    ]);
  });
});
