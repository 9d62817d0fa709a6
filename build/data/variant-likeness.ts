// When two vehicle rows look like one variant under two slugs: the same brand, family, model year and usable battery.
// The "similar-variants" check and the OpenEV Data importer both ask it, so they agree on what looks alike.

/** What a variant shows besides its slug; typed rows hold numbers, the importer's raw rows text. */
export interface VariantIdentity {
  brand?: string | null;
  family?: string | null;
  model_year?: number | string | null;
  battery_kwh_usable?: number | string | null;
}

/** What two variants share when they look alike, in words. */
export const LIKENESS_TEXT = 'brand, family, model year and usable battery';

/**
 * The key two rows share when they look like the same variant (names compared ignoring case and spacing, figures as
 * numbers); null when the usable battery is not known, since brand, family and year alone hold many trims.
 */
export function likenessKey(row: VariantIdentity): string | null {
  const battery = row.battery_kwh_usable;
  if (battery === null || battery === undefined || String(battery).trim() === '') return null;
  const name = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return [name(row.brand), name(row.family), Number(row.model_year), Number(battery)].join('|');
}
