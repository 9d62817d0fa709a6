// The "reserved-slugs" check (build/checks/reserved-slugs.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { reservedSlugs } from '../../build/checks/reserved-slugs.ts';
import { charger, located, source, vehicle } from '../helpers/rows.ts';
import { cleanTables } from '../helpers/check-tables.ts';

const V = 'data/vehicles.csv';

const C = 'data/chargers.csv';

describe('reserved-slugs', () => {
  it('reports a vehicle or charger slug that is an API path word', () => {
    const t = cleanTables();
    t.vehicles.push(located('vehicles', 3, vehicle({ slug: 'compatibility' })));
    t.chargers.push(located('chargers', 7, charger({ slug: 'compatibility' })));
    t.sources.push(located('sources', 12, source({ id: 'compatibility' })));
    expect(reservedSlugs.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: V,
        line: 3,
        column: 1,
        check: 'reserved-slugs',
        message: 'slug "compatibility" is reserved by the API paths',
      },
      {
        file: C,
        line: 7,
        column: 1,
        check: 'reserved-slugs',
        message: 'slug "compatibility" is reserved by the API paths',
      },
    ]);
  });
});
