// The npm package's lookups, shipped as lookups.js with its declarations: the documents the HTTP API answers, found in
// the release's JSON without a request. No imports at run time (the package has no dependencies); indexes are built
// on first use, and every answer is a fresh copy that the caller may change.
import type { Explain, Wanted } from '../../api/explain-schemas.ts';
import type { NetworkInfo, NetworkList, VehicleNetworks } from '../../api/network-schemas.ts';
import type { ChargerCompatibility, Edge, Source, VehicleCompatibility } from '../../api/schemas.ts';

export type Region = Edge['region'];

/** An edge as data/edges.json holds it: the edge document with its sources named by id (data/sources.json). */
export type StoredEdge = Omit<Edge, 'sources'> & { sources: string[] };

/** Retired slug → its successor's: the API answers a retired slug with its successor's documents. */
export type Aliases = Readonly<Record<string, string>>;

/** Most characters of an argument an error message repeats: a 50 MB string is named, never copied into the message. */
const SHOWN_CHARACTERS = 100;

/**
 * An argument as an error message names it: its type, and for a string, a number or a symbol at most its first 100
 * characters (an object is named by its type alone: converting it to text could run its code or throw).
 */
export function describeArgument(value: unknown): string {
  /** At most the first 100 characters, quoted, and the length of a longer text. */
  const shown = (text: string) =>
    `${JSON.stringify(text.slice(0, SHOWN_CHARACTERS))}${text.length > SHOWN_CHARACTERS ? `… (${text.length} characters)` : ''}`;
  if (typeof value === 'string') return `string ${shown(value)}`;
  if (typeof value === 'symbol')
    return `symbol ${value.description === undefined ? 'Symbol()' : `Symbol(${shown(value.description)})`}`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `${typeof value} ${String(value).slice(0, SHOWN_CHARACTERS)}`;
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value;
}

/** The slug argument, when it is one (a string); a TypeError naming the argument otherwise. */
function slugArgument(name: string, value: unknown): string {
  if (typeof value !== 'string')
    throw new TypeError(`${name} must be a slug (a string), got ${describeArgument(value)}`);
  return value;
}

/** A vehicle or a charger by slug, or undefined where the API answers 404 not_found. */
export type DocumentLookup<T> = (slug: string) => T | undefined;

/** A document of the vehicles or the chargers, as GET /api/v1/vehicles/{slug} (or /chargers/{slug}) answers it. */
export function documentLookup<T extends { slug: string }>(
  documents: readonly T[],
  aliases: Aliases,
): DocumentLookup<T> {
  let bySlug: Map<string, T> | undefined;
  return (slug) => {
    slugArgument('slug', slug);
    bySlug ??= new Map(documents.map((document) => [document.slug, document]));
    const found = bySlug.get(aliases[slug] ?? slug);
    return found === undefined ? undefined : structuredClone(found);
  };
}

export interface EdgeData {
  vehicles: readonly { slug: string }[];
  chargers: readonly { slug: string }[];
  /** Every edge, by vehicle slug, charger slug, then region in the published order. */
  edges: readonly StoredEdge[];
  sources: readonly Source[];
  vehicleAliases: Aliases;
  chargerAliases: Aliases;
  /** The regions in the published order; the first is the default. */
  regions: readonly Region[];
}

export interface EdgeLookups {
  /**
   * The edge of a vehicle and a charger in a region (default EU), as GET /api/v1/compatibility/{vehicle}/{charger}
   * answers it; undefined where the API answers 404. A region the API does not know throws a RangeError (400).
   */
  compatibility(vehicle: string, charger: string, region?: Region): Edge | undefined;
  /** The vehicle's edges, every region's or one region's, as GET /api/v1/vehicles/{slug}/compatibility answers them. */
  chargersFor(vehicle: string, region?: Region): VehicleCompatibility | undefined;
  /** The charger's edges, every region's or one region's, as GET /api/v1/chargers/{slug}/compatibility answers them. */
  vehiclesFor(charger: string, region?: Region): ChargerCompatibility | undefined;
}

interface EdgeIndex {
  byPair: Map<string, StoredEdge>;
  byVehicle: Map<string, StoredEdge[]>;
  byCharger: Map<string, StoredEdge[]>;
  sources: Map<string, Source>;
}

const pairKey = (vehicle: string, charger: string, region: string) => `${vehicle}\n${charger}\n${region}`;

function indexOf(data: EdgeData): EdgeIndex {
  const byVehicle = new Map(data.vehicles.map((vehicle): [string, StoredEdge[]] => [vehicle.slug, []]));
  const byCharger = new Map(data.chargers.map((charger): [string, StoredEdge[]] => [charger.slug, []]));
  const byPair = new Map<string, StoredEdge>();
  for (const edge of data.edges) {
    byPair.set(pairKey(edge.vehicle, edge.charger, edge.region), edge);
    byVehicle.get(edge.vehicle)?.push(edge);
    byCharger.get(edge.charger)?.push(edge);
  }
  return { byPair, byVehicle, byCharger, sources: new Map(data.sources.map((source) => [source.id, source])) };
}

export function edgeLookups(data: EdgeData): EdgeLookups {
  let index: EdgeIndex | undefined;
  const indexed = () => (index ??= indexOf(data));
  const checked = (region: Region | undefined): Region | undefined => {
    if (region === undefined || data.regions.includes(region)) return region;
    const message = `invalid_region: region must be one of ${data.regions.join(', ')}, got ${describeArgument(region)}`;
    throw typeof region === 'string' ? new RangeError(message) : new TypeError(message);
  };
  const document = (edge: StoredEdge): Edge => ({
    ...edge,
    protocols: [...edge.protocols],
    sources: edge.sources.map((id) => ({ ...indexed().sources.get(id)! })),
  });
  const inRegion = (edges: readonly StoredEdge[], region: Region | undefined) =>
    (region === undefined ? edges : edges.filter((edge) => edge.region === region)).map(document);
  return {
    compatibility(vehicle, charger, region) {
      slugArgument('vehicle', vehicle);
      slugArgument('charger', charger);
      const key = pairKey(
        data.vehicleAliases[vehicle] ?? vehicle,
        data.chargerAliases[charger] ?? charger,
        checked(region) ?? data.regions[0]!,
      );
      const edge = indexed().byPair.get(key);
      return edge === undefined ? undefined : document(edge);
    },
    chargersFor(vehicle, region) {
      slugArgument('vehicle', vehicle);
      const only = checked(region);
      const slug = data.vehicleAliases[vehicle] ?? vehicle;
      const edges = indexed().byVehicle.get(slug);
      return edges === undefined ? undefined : { slug, chargers: inRegion(edges, only) };
    },
    vehiclesFor(charger, region) {
      slugArgument('charger', charger);
      const only = checked(region);
      const slug = data.chargerAliases[charger] ?? charger;
      const edges = indexed().byCharger.get(slug);
      return edges === undefined ? undefined : { slug, vehicles: inRegion(edges, only) };
    },
  };
}

/** The reasoning behind one edge, as an entry of GET /api/v1/vehicles/{slug}/explain holds it. */
export type ExplainEntry = Explain['edges'][number];

/** An edge's reasoning as data/explain.json holds it: its explain entry with the vehicle first. */
export type StoredExplanation = { vehicle: string } & ExplainEntry;

export interface ExplainData {
  vehicles: readonly { slug: string }[];
  /** Every edge's reasoning, in the order of the edges (vehicle, charger, then region in the published order). */
  explanations: readonly StoredExplanation[];
  wanted: Wanted;
  vehicleAliases: Aliases;
  chargerAliases: Aliases;
  regions: readonly Region[];
}

export interface ExplainLookups {
  /**
   * Why the edge of a vehicle and a charger in a region (default EU) says what it says: the path, each cap with its
   * sources, the missing figures and the deciding rule; undefined where the edge does not exist. A region the API
   * does not know throws a RangeError.
   */
  explain(vehicle: string, charger: string, region?: Region): ExplainEntry | undefined;
  /** The vehicle's explain document, as GET /api/v1/vehicles/{slug}/explain answers it; undefined where it answers 404. */
  explainFor(vehicle: string): Explain | undefined;
  /** The missing figures ranked by the edges each would settle or sharpen, as GET /api/v1/wanted answers it. */
  wanted(): Wanted;
}

export function explainLookups(data: ExplainData): ExplainLookups {
  let byVehicle: Map<string, ExplainEntry[]> | undefined;
  let byPair: Map<string, ExplainEntry> | undefined;
  const indexed = () => {
    if (!byVehicle || !byPair) {
      byVehicle = new Map(data.vehicles.map((vehicle): [string, ExplainEntry[]] => [vehicle.slug, []]));
      byPair = new Map();
      for (const { vehicle, ...entry } of data.explanations) {
        byVehicle.get(vehicle)?.push(entry);
        byPair.set(pairKey(vehicle, entry.charger, entry.region), entry);
      }
    }
    return { byVehicle, byPair };
  };
  return {
    explain(vehicle, charger, region) {
      if (region !== undefined && !data.regions.includes(region))
        throw new RangeError(`invalid_region: ${String(region)} is not one of ${data.regions.join(', ')}`);
      const entry = indexed().byPair.get(
        pairKey(
          data.vehicleAliases[vehicle] ?? vehicle,
          data.chargerAliases[charger] ?? charger,
          region ?? data.regions[0]!,
        ),
      );
      return entry === undefined ? undefined : structuredClone(entry);
    },
    explainFor(vehicle) {
      const slug = data.vehicleAliases[vehicle] ?? vehicle;
      const entries = indexed().byVehicle.get(slug);
      return entries === undefined ? undefined : { slug, edges: structuredClone(entries) };
    },
    wanted: () => structuredClone(data.wanted),
  };
}

export interface NetworkData {
  /** Every network's document, by slug. */
  networks: readonly NetworkInfo[];
  /** Every vehicle networks document, one per vehicle and region it is on sale in (by vehicle, then region). */
  vehicleNetworks: readonly VehicleNetworks[];
  /** Vehicle slug → the region GET /api/v1/vehicles/{slug}/networks answers without ?region=. */
  defaultRegions: Readonly<Record<string, Region>>;
  vehicleAliases: Aliases;
  regions: readonly Region[];
}

export interface NetworkLookups {
  /** Every charging network, or those operating in a region, as GET /api/v1/networks[?region=R] answers it. */
  networks(region?: Region): NetworkList;
  /** A network's document, as GET /api/v1/networks/{slug} answers it; undefined where the API answers 404. */
  network(slug: string): NetworkInfo | undefined;
  /**
   * What each network in a region gives the vehicle (best and worst answer among its models), as GET
   * /api/v1/vehicles/{slug}/networks[?region=R] answers it (without a region, the vehicle's default region);
   * undefined where the API answers 404 (an unknown vehicle, or a region it is not on sale in).
   */
  networksFor(vehicle: string, region?: Region): VehicleNetworks | undefined;
}

/** The network lookups (extension). A region the API does not know throws a RangeError (400). */
export function networkLookups(data: NetworkData): NetworkLookups {
  let bySlug: Map<string, NetworkInfo> | undefined;
  let byVehicle: Map<string, VehicleNetworks> | undefined;
  const checked = (region: Region | undefined): Region | undefined => {
    if (region === undefined || data.regions.includes(region)) return region;
    const message = `invalid_region: region must be one of ${data.regions.join(', ')}, got ${describeArgument(region)}`;
    throw typeof region === 'string' ? new RangeError(message) : new TypeError(message);
  };
  return {
    networks(region) {
      const only = checked(region);
      const networks = data.networks
        .filter((network) => only === undefined || network.regions.some((r) => r.region === only))
        .map((network) => ({
          slug: network.slug,
          name: network.name,
          regions: network.regions.map((r) => r.region),
          url: `/api/v1/networks/${network.slug}`,
        }));
      return { count: networks.length, networks };
    },
    network(slug) {
      slugArgument('slug', slug);
      bySlug ??= new Map(data.networks.map((network) => [network.slug, network]));
      const found = bySlug.get(slug);
      return found === undefined ? undefined : structuredClone(found);
    },
    networksFor(vehicle, region) {
      slugArgument('vehicle', vehicle);
      const only = checked(region);
      const slug = data.vehicleAliases[vehicle] ?? vehicle;
      byVehicle ??= new Map(
        data.vehicleNetworks.map((document) => [pairKey(document.slug, '', document.region), document]),
      );
      const answered = only ?? data.defaultRegions[slug];
      const found = answered === undefined ? undefined : byVehicle.get(pairKey(slug, '', answered));
      return found === undefined ? undefined : structuredClone(found);
    },
  };
}
