// The round-2 table checks, one describe each: home-market, fact-sources, slug-conventions, published-slugs.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED, type CheckContext } from '../../build/data/checks/check.ts';
import { factSources } from '../../build/data/checks/fact-sources.ts';
import { homeMarket } from '../../build/data/checks/home-market.ts';
import { publishedSlugs } from '../../build/data/checks/published-slugs.ts';
import { slugConventions } from '../../build/data/checks/slug-conventions.ts';
import { brandSlug, homeMarket as homeMarketOf } from '../../build/core/slugs.ts';
import type { LoadedTables } from '../../build/data/load.ts';
import { charger, column, located, tables, vehicle, vehicleRegion } from '../helpers/rows.ts';

const V = 'data/vehicles.csv';
const messages = (problems: { message: string }[]) => problems.map((p) => p.message);
const published = (vehicles: string[], chargers: string[] = []): CheckContext => ({
  published: { vehicles: new Set(vehicles), chargers: new Set(chargers) },
});

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

describe('slug helpers', () => {
  it('spell a brand as a slug and read the home market from the suffix (Togg has none: TR)', () => {
    expect(brandSlug('Mercedes-Benz')).toBe('mercedes-benz');
    expect(brandSlug('Citroën')).toBe('citroen');
    expect(brandSlug('KG Mobility')).toBe('kg-mobility');
    expect(homeMarketOf('kia-ev6-gt-2023-na', 'Kia')).toBe('NA');
    expect(homeMarketOf('togg-t10x-v2-rwd-long-range-2024', 'Togg')).toBe('TR');
    expect(homeMarketOf('some-car-2024', 'Kia')).toBeNull();
  });
});

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

describe('fact-sources', () => {
  it('passes figures cited by their group, and empty groups citing nothing', () => {
    expect(
      factSources.check(withVehicle({ dc_source: ['spec-sheet'], ac_source: ['spec-sheet'] }), NOTHING_PUBLISHED),
    ).toEqual([]);
    expect(
      factSources.check(
        withVehicle({ architecture_voltage_v: null, max_dc_kw_oem: null, dc_source: [], ac_source: ['spec-sheet'] }),
        NOTHING_PUBLISHED,
      ),
    ).toEqual([]);
  });

  it('reports DC figures without dc_source and an ac_source without AC figures, at those columns', () => {
    const problems = factSources.check(
      withVehicle({ dc_source: [], max_ac_kw_oem: null, ac_phases: null, ac_source: ['spec-sheet'] }),
      NOTHING_PUBLISHED,
    );
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      [
        column('vehicles', 'dc_source'),
        'architecture_voltage_v, max_dc_kw_oem are filled but dc_source cites no source for them',
      ],
      [
        column('vehicles', 'ac_source'),
        'ac_source cites sources but none of max_ac_kw_oem, ac_phases, ac_one_phase_a is filled',
      ],
    ]);
  });
});

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
      '"car-2023" must end with its market: -eu, -tr, -na, -gb',
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

  it('accepts an alias to an existing slug, and reports one that points nowhere or shadows a live slug', () => {
    const t = withVehicle({});
    t.aliases.push(alias(2, 'vehicle', 'gone-car-2020-eu', 'test-car-2024-eu'));
    expect(publishedSlugs.check(t, published(['gone-car-2020-eu']))).toEqual([]);
    t.aliases.push(
      alias(3, 'vehicle', 'test-car-2024-eu', 'test-car-2024-eu'),
      alias(4, 'charger', 'old-box', 'no-such-box'),
    );
    expect(
      publishedSlugs.check(t, published(['gone-car-2020-eu'])).map((p) => [p.file, p.line, p.column, p.message]),
    ).toEqual([
      ['data/aliases.csv', 3, 2, 'vehicle "test-car-2024-eu" still exists, so it cannot be an alias'],
      ['data/aliases.csv', 4, 3, 'charger "no-such-box" does not exist'],
    ]);
  });
});
