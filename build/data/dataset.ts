// The Dataset: data/'s rows indexed for the rules and the documents (build/checks/load-dataset.ts loads it, checked).
import type { Region } from '../core/regions.ts';
import type { LoadedTables } from './load.ts';
import { compareKeys, ROW_ORDER } from './order.ts';
import type { InheritedFigures } from './figure-sources.ts';
import { withPlatformFacts } from './platforms.ts';
import { indexNetworks, type Network } from './networks.ts';

import type {
  AdapterEntry,
  AliasRow,
  BestSellerRow,
  ChargerConnectorRow,
  ChargerRow,
  ConnectorEntry,
  ObservationRow,
  PlatformRow,
  ProtocolEntry,
  SourceEntry,
  TableName,
  VehicleRegionRow,
  VehicleRow,
} from './tables.ts';

export interface Dataset {
  sources: ReadonlyMap<string, SourceEntry>;
  connectors: ReadonlyMap<string, ConnectorEntry>;
  protocols: readonly ProtocolEntry[];
  adapters: readonly AdapterEntry[];
  /** Sorted by slug. */
  /** Sorted by slug; each with its platform's facts where its own row is silent. */
  vehicles: readonly (VehicleRow & InheritedFigures)[];
  /** Sorted by slug. */
  chargers: readonly ChargerRow[];
  vehicleRegions: ReadonlyMap<string, ReadonlyMap<Region, VehicleRegionRow>>;
  chargerConnectors: ReadonlyMap<string, ReadonlyMap<Region, readonly ChargerConnectorRow[]>>;
  /** Keyed by observationKey(vehicle, charger, region). */
  observations: ReadonlyMap<string, ObservationRow>;
  bestSellers: readonly BestSellerRow[];
  aliases: readonly AliasRow[];
  /** Sorted by slug. */
  platforms: readonly PlatformRow[];
  /** Sorted by slug: each charging network with its regions (access terms, site count) and the charger models it runs. */
  networks: readonly Network[];
  /** The day the edges are derived for (the release's day; adapter programmes apply from their start): null before any release. */
  asOf: string | null;
}

export const observationKey = (vehicle: string, charger: string, region: Region) => `${vehicle} ${charger} ${region}`;

/** The rows of a table in their canonical order (data/order.ts), so that nothing built depends on the order in the file. */
function inOrder<K extends TableName>(tables: LoadedTables, table: K): LoadedTables[K][number]['value'][] {
  const key = ROW_ORDER[table];
  const rows: LoadedTables[K][number]['value'][] = tables[table].map((row) => row.value);
  return rows.sort((a, b) => compareKeys(key(a), key(b)));
}

export function indexTables(tables: LoadedTables, asOf: string | null = null): Dataset {
  const vehicleRegions = new Map<string, Map<Region, VehicleRegionRow>>();
  for (const value of inOrder(tables, 'vehicleRegions')) {
    const regions = vehicleRegions.get(value.vehicle) ?? new Map<Region, VehicleRegionRow>();
    regions.set(value.region, value);
    vehicleRegions.set(value.vehicle, regions);
  }
  const chargerConnectors = new Map<string, Map<Region, ChargerConnectorRow[]>>();
  for (const value of inOrder(tables, 'chargerConnectors')) {
    const regions = chargerConnectors.get(value.charger) ?? new Map<Region, ChargerConnectorRow[]>();
    regions.set(value.region, [...(regions.get(value.region) ?? []), value]);
    chargerConnectors.set(value.charger, regions);
  }
  const platforms = new Map(inOrder(tables, 'platforms').map((value) => [value.slug, value]));
  const members = inOrder(tables, 'platformMembers');
  return {
    sources: new Map(inOrder(tables, 'sources').map((value) => [value.id, value])),
    connectors: new Map(inOrder(tables, 'connectors').map((value) => [value.id, value])),
    protocols: inOrder(tables, 'protocols'),
    adapters: inOrder(tables, 'adapters'),
    vehicles: inOrder(tables, 'vehicles').map((vehicle) => withPlatformFacts(vehicle, platforms, members)),
    chargers: inOrder(tables, 'chargers'),
    vehicleRegions,
    chargerConnectors,
    observations: new Map(
      inOrder(tables, 'observations').map((value) => [
        observationKey(value.vehicle, value.charger, value.region),
        value,
      ]),
    ),
    bestSellers: inOrder(tables, 'bestSellers'),
    aliases: inOrder(tables, 'aliases'),
    platforms: [...platforms.values()],
    networks: indexNetworks(
      inOrder(tables, 'networks'),
      inOrder(tables, 'networkRegions'),
      inOrder(tables, 'networkChargers'),
    ),
    asOf,
  };
}
