// The "home-market" check (build/checks/home-market.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { homeMarket } from '../../build/checks/home-market.ts';
import type { LoadedTables } from '../../build/data/load.ts';
import { located, tables, vehicle, vehicleRegion } from '../helpers/rows.ts';

const V = 'data/vehicles.csv';

const messages = (problems: { message: string }[]) => problems.map((p) => p.message);

/** One vehicle row (line 2) and the region rows given (lines 2…). */
function withVehicle(
  overrides: Parameters<typeof vehicle>[0],
  regions: Parameters<typeof vehicleRegion>[0][] = [],
): LoadedTables {
  return tables({
    vehicles: [located('vehicles', 2, vehicle(overrides))],
    vehicleRegions: regions.map((r, i) => located('vehicleRegions', 2 + i, vehicleRegion(r))),
  });
}

describe('home-market', () => {
  it('passes a vehicle with a row for the market its slug names', () => {
    expect(
      homeMarket.check(
        withVehicle({ slug: 'test-car-2024-gb' }, [{ vehicle: 'test-car-2024-gb', region: 'GB' }]),
        NOTHING_PUBLISHED,
      ),
    ).toEqual([]);
  });

  it('reports a -eu vehicle sold only elsewhere, at its slug, and says how to fix it', () => {
    const problems = homeMarket.check(
      withVehicle({ slug: 'test-car-2024-eu' }, [{ vehicle: 'test-car-2024-eu', region: 'TR' }]),
      NOTHING_PUBLISHED,
    );
    expect(problems).toMatchObject([
      {
        file: V,
        line: 2,
        column: 1,
        check: 'home-market',
        message: '"test-car-2024-eu" names EU as its market but has no EU row in data/vehicle_regions.csv',
      },
    ]);
    expect(problems[0]!.hint).toMatch(/aliases\.csv/);
  });

  it('holds Togg, which has no suffix, to TR', () => {
    expect(
      messages(
        homeMarket.check(
          withVehicle({ slug: 'togg-t10x-2024', brand: 'Togg' }, [{ vehicle: 'togg-t10x-2024', region: 'EU' }]),
          NOTHING_PUBLISHED,
        ),
      ),
    ).toEqual(['"togg-t10x-2024" names TR as its market but has no TR row in data/vehicle_regions.csv']);
  });
});
