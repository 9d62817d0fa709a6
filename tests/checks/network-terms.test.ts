// The "network-terms" check (build/checks/network-terms.ts): a site count with its date and sources, access brands.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { networkTerms } from '../../build/checks/network-terms.ts';
import type { NetworkRegionRow } from '../../build/data/tables.ts';
import { cleanTables } from '../helpers/check-tables.ts';
import { column, located, networkRegion } from '../helpers/rows.ts';

const check = (...regions: Partial<NetworkRegionRow>[]) => {
  const t = cleanTables();
  t.networkRegions.push(...regions.map((r, i) => located('networkRegions', 2 + i, networkRegion(r))));
  return networkTerms.check(t, NOTHING_PUBLISHED).map((p) => [p.line, p.column, p.message]);
};

describe('network-terms', () => {
  it('passes an open network without brands, and a brand-only one naming a brand of vehicles.csv with its site count', () => {
    expect(
      check(
        {},
        {
          region: 'GB',
          dc_sites: 12,
          dc_sites_as_of: '2025-06-30',
          dc_sites_source: ['network-press'],
          access: 'brand-only',
          access_brands: ['Test'],
        },
      ),
    ).toEqual([]);
  });

  it('reports a site count without its date or sources, and a date or sources without a count', () => {
    expect(check({ dc_sites: 0 }, { region: 'GB', dc_sites_as_of: '2025-01-01', dc_sites_source: ['x'] })).toEqual([
      [
        2,
        column('networkRegions', 'dc_sites_as_of'),
        'dc_sites is filled: give the day the figure describes (YYYY-MM-DD)',
      ],
      [2, column('networkRegions', 'dc_sites_source'), 'dc_sites is filled: cite the sources that give it'],
      [3, column('networkRegions', 'dc_sites_as_of'), 'dc_sites is empty: its date stands only beside a site count'],
      [3, column('networkRegions', 'dc_sites_source'), 'dc_sites is empty: its sources stand only beside a site count'],
    ]);
  });

  it('reports brands on an open network, none on a closed one, and a brand vehicles.csv does not spell so', () => {
    const brands = column('networkRegions', 'access_brands');
    expect(
      check(
        { access_brands: ['Test'] },
        { region: 'GB', access: 'partly-open' },
        { region: 'NA', access: 'brand-only', access_brands: ['test'] },
      ),
    ).toEqual([
      [2, brands, 'access is open (any EV): leave access_brands empty'],
      [3, brands, 'access is partly-open: name the brands the network admits everywhere'],
      [4, brands, 'brand "test" is not a brand of data/vehicles.csv (spell it as vehicles.csv does)'],
    ]);
  });
});
