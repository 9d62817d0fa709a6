// Charging networks (data/networks.csv, network_regions.csv, network_chargers.csv) indexed per network and region, and
// whether a network's access terms there admit a vehicle's brand.
import { REGIONS, type Region } from '../core/regions.ts';
import type { Admitted } from '../core/vocabulary.ts';
import type { NetworkChargerRow, NetworkRegionRow, NetworkRow } from './tables.ts';

/** A network in one region: its terms there and the charger models it runs there (sorted by charger slug). */
export interface NetworkInRegion {
  terms: NetworkRegionRow;
  chargers: readonly NetworkChargerRow[];
}

/** A network with its regions, in region order. */
export interface Network extends NetworkRow {
  regions: ReadonlyMap<Region, NetworkInRegion>;
}

/** The networks (sorted by slug) with their regions and links; rows arrive in their canonical order. */
export function indexNetworks(
  networks: readonly NetworkRow[],
  regions: readonly NetworkRegionRow[],
  links: readonly NetworkChargerRow[],
): Network[] {
  return networks.map((network) => {
    const inRegions = new Map<Region, NetworkInRegion>();
    for (const region of REGIONS) {
      const terms = regions.find((row) => row.network === network.slug && row.region === region);
      if (!terms) continue;
      const chargers = links.filter((link) => link.network === network.slug && link.region === region);
      inRegions.set(region, { terms, chargers });
    }
    return { ...network, regions: inRegions };
  });
}

/**
 * Whether the terms admit a vehicle of this brand: any EV where the network is open; a brand it names everywhere;
 * another brand at some sites where it is partly open, at none where it is brand-only.
 */
export function admits(terms: Pick<NetworkRegionRow, 'access' | 'access_brands'>, brand: string): Admitted {
  if (terms.access === 'open' || terms.access_brands.includes(brand)) return 'yes';
  return terms.access === 'partly-open' ? 'some-sites' : 'no';
}
