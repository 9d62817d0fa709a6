// Check "network-terms": a network region's site count stands with its date and sources, and its access terms name the
// brands they admit (as vehicles.csv spells them) exactly when the network is not open.
import type { Location, Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'network-terms';

export const networkTerms: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'In network_regions.csv, dc_sites_as_of and dc_sites_source are filled exactly when dc_sites is; access_brands is ' +
    'filled unless access is open and empty when it is, each brand spelled as in vehicles.csv.',
  check(t) {
    const problems: Problem[] = [];
    const report = (at: Location, message: string) => problems.push({ ...at, check: NAME, message });
    const brands = new Set(t.vehicles.map((row) => row.value.brand));
    for (const row of t.networkRegions) {
      const { dc_sites, dc_sites_as_of, dc_sites_source, access, access_brands } = row.value;
      if (dc_sites !== null) {
        if (dc_sites_as_of === null)
          report(row.at('dc_sites_as_of'), 'dc_sites is filled: give the day the figure describes (YYYY-MM-DD)');
        if (dc_sites_source.length === 0)
          report(row.at('dc_sites_source'), 'dc_sites is filled: cite the sources that give it');
      } else {
        if (dc_sites_as_of !== null)
          report(row.at('dc_sites_as_of'), 'dc_sites is empty: its date stands only beside a site count');
        if (dc_sites_source.length > 0)
          report(row.at('dc_sites_source'), 'dc_sites is empty: its sources stand only beside a site count');
      }
      if (access === 'open' && access_brands.length > 0)
        report(row.at('access_brands'), 'access is open (any EV): leave access_brands empty');
      if (access !== 'open' && access_brands.length === 0)
        report(row.at('access_brands'), `access is ${access}: name the brands the network admits everywhere`);
      // Read against every vehicle row: dropped when the schema rejected some (a brand may be on a rejected row).
      for (const brand of access_brands)
        if (!brands.has(brand))
          problems.push({
            ...row.at('access_brands'),
            check: NAME,
            message: `brand "${brand}" is not a brand of data/vehicles.csv (spell it as vehicles.csv does)`,
            needsEveryRow: true,
          });
    }
    return problems;
  },
};
