// Check "slug-conventions": new vehicle and charger slugs follow the conventions (published slugs are permanent and
// are not held to conventions written after them).
import { brandSlug, MARKET_SUFFIX_TEXT, MARKET_SUFFIXES, SUFFIXLESS_BRANDS } from '../core/slugs.ts';
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'slug-conventions';
/** "Togg has none: TR": the brands whose slugs carry no suffix, and the market they name. */
const SUFFIXLESS_TEXT = Object.entries(SUFFIXLESS_BRANDS)
  .map(([brand, region]) => `${brand} has none: ${region}`)
  .join(', ');

export const slugConventions: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'New slugs start with the brand as a slug (Mercedes-Benz → mercedes-benz-…); a vehicle slug holds its model year ' +
    `and ends with its market (${MARKET_SUFFIX_TEXT}; ${SUFFIXLESS_TEXT}). Published slugs are exempt.`,
  check(t, context) {
    const problems: Problem[] = [];
    const report = (row: (typeof t.vehicles)[number] | (typeof t.chargers)[number], message: string) =>
      problems.push({ ...row.at('slug'), check: NAME, message });
    for (const row of t.vehicles) {
      const { slug, brand, model_year: year } = row.value;
      if (context.published.vehicles.has(slug)) continue;
      if (!slug.startsWith(`${brandSlug(brand)}-`))
        report(row, `"${slug}" must start with "${brandSlug(brand)}-" (its brand ${brand} as a slug)`);
      if (!slug.split('-').includes(String(year))) report(row, `"${slug}" must hold its model year ${year}`);
      const suffix = slug.slice(slug.lastIndexOf('-') + 1);
      const suffixless = SUFFIXLESS_BRANDS[brand];
      if (suffixless === undefined && !(suffix in MARKET_SUFFIXES))
        report(row, `"${slug}" must end with its market: ${MARKET_SUFFIX_TEXT}`);
      if (suffixless !== undefined && suffix in MARKET_SUFFIXES)
        report(row, `${brand} slugs carry no market suffix (its vehicles are sold in ${suffixless} only)`);
    }
    for (const row of t.chargers) {
      const { slug, brand } = row.value;
      if (!context.published.chargers.has(slug) && !slug.startsWith(`${brandSlug(brand)}-`))
        report(row, `"${slug}" must start with "${brandSlug(brand)}-" (its brand ${brand} as a slug)`);
    }
    return problems;
  },
};
