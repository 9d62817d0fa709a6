// The slug conventions of build/core/slugs.ts: a brand as a slug, and the home market a slug names.
import { describe, expect, it } from 'vitest';
import { brandSlug, homeMarket as homeMarketOf, slugPart } from '../../build/core/slugs.ts';

describe('slug helpers', () => {
  it('spell a brand as a slug and read the home market from the suffix (Togg has none: TR)', () => {
    expect(brandSlug('Mercedes-Benz')).toBe('mercedes-benz');
    expect(brandSlug('Citroën')).toBe('citroen');
    expect(brandSlug('KG Mobility')).toBe('kg-mobility');
    expect(slugPart(' IONIQ 5 (Long Range) ')).toBe('ioniq-5-long-range');
    expect(slugPart('Škoda Enyaq iV 80')).toBe('skoda-enyaq-iv-80');
    expect(homeMarketOf('kia-ev6-gt-2023-na', 'Kia')).toBe('NA');
    expect(homeMarketOf('togg-t10x-v2-rwd-long-range-2024', 'Togg')).toBe('TR');
    expect(homeMarketOf('some-car-2024', 'Kia')).toBeNull();
  });
});
