// The "sorted-rows" check (build/checks/sorted-rows.ts), at the exact position of each problem it reports.
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../build/core/regions.ts';
import { sortedRows } from '../../build/checks/sorted-rows.ts';
import { located, tables, vehicle, vehicleRegion } from '../helpers/rows.ts';

const V = 'data/vehicles.csv';

describe('sorted-rows', () => {
  it('accepts rows in order, regions in the region order', () => {
    const t = tables({
      vehicleRegions: REGIONS.map((region, i) => located('vehicleRegions', i + 2, vehicleRegion({ region }))),
    });
    expect(sortedRows.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });

  it('reports the first row out of order in each file, with the fix hint', () => {
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
        line: 3,
        column: 1,
        check: 'sorted-rows',
        message: 'row a-car is out of order: it belongs before line 2',
        hint: 'run npm run fix',
      },
      {
        file: 'data/vehicle_regions.csv',
        line: 3,
        column: 1,
        check: 'sorted-rows',
        message: 'row test-car-2024-eu NA is out of order: it belongs before line 2',
        hint: 'run npm run fix',
      },
    ]);
  });
});
