// The "home-market" check (build/checks/home-market.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { homeMarket } from '../../build/checks/home-market.ts';
import { withVehicle, messages } from '../helpers/check-tables.ts';

const V = 'data/vehicles.csv';

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
