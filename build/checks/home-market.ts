// Check "home-market": a vehicle is on sale in the market its slug names (-eu → EU, -na → NA, …; Togg → TR).
import { homeMarket as homeMarketOf, MARKET_SUFFIX_TEXT, SUFFIXLESS_BRANDS } from '../core/slugs.ts';
import type { TableCheck } from './check.ts';

const NAME = 'home-market';
/** "Togg: TR": the brands whose slugs carry no suffix, and the market they name. */
const SUFFIXLESS_TEXT = Object.entries(SUFFIXLESS_BRANDS)
  .map(([brand, region]) => `${brand}: ${region}`)
  .join(', ');

export const homeMarket: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'Every vehicle has a vehicle_regions.csv row, with its sources, for the market its slug names ' +
    `(the ${MARKET_SUFFIX_TEXT} suffix; ${SUFFIXLESS_TEXT}).`,
  check(t) {
    const regions = new Set(t.vehicleRegions.map((row) => `${row.value.vehicle} ${row.value.region}`));
    return t.vehicles.flatMap((row) => {
      const home = homeMarketOf(row.value.slug, row.value.brand);
      if (home === null || regions.has(`${row.value.slug} ${home}`)) return [];
      return [
        {
          ...row.at('slug'),
          check: NAME,
          message: `"${row.value.slug}" names ${home} as its market but has no ${home} row in data/vehicle_regions.csv`,
          hint: `add the ${home} row with a source showing it on sale there, or rename the slug (data/aliases.csv keeps the old one answering)`,
        },
      ];
    });
  },
};
