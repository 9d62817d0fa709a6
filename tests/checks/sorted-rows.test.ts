// The "sorted-rows" check (build/checks/sorted-rows.ts), at the exact position of each problem it reports.
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../build/core/regions.ts';
import { REPORTED_PER_FILE, sortedRows } from '../../build/checks/sorted-rows.ts';
import { located, tables, vehicle, vehicleRegion } from '../helpers/rows.ts';

const V = 'data/vehicles.csv';

describe('sorted-rows', () => {
  it('accepts rows in order, regions in the region order', () => {
    const t = tables({
      vehicleRegions: REGIONS.map((region, i) => located('vehicleRegions', i + 2, vehicleRegion({ region }))),
    });
    expect(sortedRows.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });

  it('reports the row out of order in each file and where it belongs, with the fix hint', () => {
    const t = tables({
      vehicles: [
        located('vehicles', 2, vehicle({ slug: 'b-car' })),
        located('vehicles', 3, vehicle({ slug: 'a-car' })),
        located('vehicles', 4, vehicle({ slug: 'a-car-2' })),
      ],
      vehicleRegions: [
        located('vehicleRegions', 2, vehicleRegion({ region: 'GB' })),
        located('vehicleRegions', 3, vehicleRegion({ region: 'NA' })),
      ],
    });
    expect(sortedRows.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: V,
        line: 2,
        column: 1,
        check: 'sorted-rows',
        message: 'row b-car is out of order: it belongs after line 4 (a-car-2)',
        hint: 'run npm run fix',
      },
      {
        file: 'data/vehicle_regions.csv',
        line: 2,
        column: 1,
        check: 'sorted-rows',
        message: 'row test-car-2024-eu GB is out of order: it belongs after line 3 (test-car-2024-eu NA)',
        hint: 'run npm run fix',
      },
    ]);
  });

  it('names the one row that moved, between its neighbours, however many rows after it shifted', () => {
    const slugs = Array.from({ length: 40 }, (_, i) => `car-${String(i).padStart(2, '0')}-2024-eu`);
    const written = [slugs[30]!, ...slugs.filter((_, i) => i !== 30)];
    const t = tables({ vehicles: written.map((slug, i) => located('vehicles', i + 2, vehicle({ slug }))) });
    expect(sortedRows.check(t, NOTHING_PUBLISHED).map((p) => [p.line, p.message])).toEqual([
      [
        2,
        'row car-30-2024-eu is out of order: it belongs after line 32 (car-29-2024-eu) and before line 33 (car-31-2024-eu)',
      ],
    ]);
  });

  it(`reports ${REPORTED_PER_FILE} rows of a file one by one and counts the rest`, () => {
    const slugs = Array.from({ length: 9 }, (_, i) => `car-${i}-2024-eu`).reverse();
    const t = tables({ vehicles: slugs.map((slug, i) => located('vehicles', i + 2, vehicle({ slug }))) });
    const problems = sortedRows.check(t, NOTHING_PUBLISHED);
    expect(problems).toHaveLength(REPORTED_PER_FILE + 1);
    expect(problems.at(-1)).toMatchObject({ line: 7, message: '3 more rows are out of order in this file' });
  });
});
