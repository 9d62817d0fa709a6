// The "slug-conventions" check (build/checks/slug-conventions.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { slugConventions } from '../../build/checks/slug-conventions.ts';
import { MARKET_SUFFIX_TEXT } from '../../build/core/slugs.ts';
import { charger, located } from '../helpers/rows.ts';
import { withVehicle, published, messages } from '../helpers/check-tables.ts';

describe('slug-conventions', () => {
  it('passes a slug with brand, model year and market', () => {
    expect(slugConventions.check(withVehicle({ slug: 'test-car-2024-eu' }), NOTHING_PUBLISHED)).toEqual([]);
  });

  it('reports each broken convention of a new vehicle, and of a charger slug without its brand', () => {
    const t = withVehicle({ slug: 'car-2023', brand: 'Mercedes-Benz' });
    t.chargers.push(located('chargers', 2, charger({ slug: 'hpc-350', brand: 'Test' })));
    expect(messages(slugConventions.check(t, NOTHING_PUBLISHED))).toEqual([
      '"car-2023" must start with "mercedes-benz-" (its brand Mercedes-Benz as a slug)',
      '"car-2023" must hold its model year 2024',
      `"car-2023" must end with its market: ${MARKET_SUFFIX_TEXT}`,
      '"hpc-350" must start with "test-" (its brand Test as a slug)',
    ]);
  });

  it('exempts published slugs (they are permanent) and refuses a suffix on a suffixless brand', () => {
    expect(slugConventions.check(withVehicle({ slug: 'car-2023' }), published(['car-2023']))).toEqual([]);
    expect(
      messages(slugConventions.check(withVehicle({ slug: 'togg-t10x-2024-tr', brand: 'Togg' }), NOTHING_PUBLISHED)),
    ).toEqual(['Togg slugs carry no market suffix (its vehicles are sold in TR only)']);
  });
});
