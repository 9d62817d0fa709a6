// The slug conventions of vehicles and chargers (written down in CONTRIBUTING.md): brand spelling and market suffix.
import { REGIONS, type Region } from './regions.ts';

/** A name as a part of a slug: "Mercedes-Benz" → "mercedes-benz", "Citroën" → "citroen", "IONIQ 5" → "ioniq-5". */
export function slugPart(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A brand as the start of a slug (its slug part). */
export const brandSlug = slugPart;

/** The market a vehicle slug ends with: the region id in lower case ("-eu", "-na", …). */
export const MARKET_SUFFIXES: Readonly<Record<string, Region>> = Object.fromEntries(
  REGIONS.map((region) => [region.toLowerCase(), region]),
);

/** "-eu, -tr, -na, -gb": the suffixes, as the conventions write them. */
export const MARKET_SUFFIX_TEXT = Object.keys(MARKET_SUFFIXES)
  .map((suffix) => `-${suffix}`)
  .join(', ');

/** Brands sold only in their home market may leave the suffix out; their slugs then name this region. */
export const SUFFIXLESS_BRANDS: Readonly<Record<string, Region>> = { Togg: 'TR' };

/** The region a vehicle slug names as its home market, or null when it names none. */
export function homeMarket(slug: string, brand: string): Region | null {
  const suffix = slug.slice(slug.lastIndexOf('-') + 1);
  return MARKET_SUFFIXES[suffix] ?? SUFFIXLESS_BRANDS[brand] ?? null;
}
