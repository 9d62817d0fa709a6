// Reads a release back from the tree a build committed: the documents the API serves, one vehicle's edges at a time,
// so that the exports and the package hold exactly what the API answers while memory stays flat whatever the size.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type {
  Charger,
  ChargerList,
  Edge,
  IndexInfo,
  Source,
  Vehicle,
  VehicleCompatibility,
  VehicleList,
} from '../api/schemas.ts';
import type { Explain, ExplainEntry, Wanted } from '../api/explain-schemas.ts';
import type { NetworkInfo, NetworkList } from '../api/network-schemas.ts';
import { parseJsonBytes } from '../infra/json-bytes.ts';
import { ReadBuffer } from '../infra/read-buffer.ts';
import { layout } from '../render/layout.ts';

/** An edge as the exports hold it: the edge document with its sources named by id (each source is listed once). */
export type ExportedEdge = Omit<Edge, 'sources'> & { sources: string[] };

/** The reasoning behind an edge as the exports hold it: its explain entry, with the vehicle it belongs to first. */
export type ExportedExplanation = { vehicle: string } & ExplainEntry;

type RegionOf = NetworkInfo['regions'][number];
type ModelOf = RegionOf['models'][number];

/**
 * A network in one region as the exports hold it (networks.ndjson's line): the network (slug, name, note, sources), its
 * terms and site count there, and the charger models it runs there, every source named by id.
 */
export type ExportedNetwork = { network: string; name: string; note: string | null; sources: string[] } & Omit<
  RegionOf,
  'dc_sites_sources' | 'access_sources' | 'models'
> & {
    dc_sites_sources: string[];
    access_sources: string[];
    models: (Omit<ModelOf, 'url' | 'sources'> & { sources: string[] })[];
  };

/** A vehicle's edges in the API's order, and their explanations in the same order (one each). */
export interface VehicleEdges {
  edges: ExportedEdge[];
  explanations: ExportedExplanation[];
}

export class ReleaseTree {
  readonly publicDir: string;
  readonly index: IndexInfo;
  /** The buffer every document is read into (each is parsed before the next is read). */
  private readonly buffer = new ReadBuffer();
  /** Every source the edges cite, by id (filled as the edges are read). */
  private readonly cited = new Map<string, Source>();

  constructor(publicDir: string) {
    this.publicDir = publicDir;
    this.index = this.read<IndexInfo>(layout.index());
  }

  /** A document of the tree, read into the one buffer and parsed from its bytes (parseJsonBytes). */
  read<T>(relative: string): T {
    return parseJsonBytes(this.buffer.read(path.join(this.publicDir, relative))) as T;
  }

  /** Vehicle slugs, sorted (retired slugs, which answer with copies of their successor's files, are not listed). */
  vehicleSlugs(): string[] {
    return this.read<VehicleList>(layout.vehicleList()).vehicles.map((vehicle) => vehicle.slug);
  }

  chargerSlugs(): string[] {
    return this.read<ChargerList>(layout.chargerList()).chargers.map((charger) => charger.slug);
  }

  *vehicles(): Generator<Vehicle> {
    for (const slug of this.vehicleSlugs()) yield this.read<Vehicle>(layout.vehicle(slug));
  }

  *chargers(): Generator<Charger> {
    for (const slug of this.chargerSlugs()) yield this.read<Charger>(layout.charger(slug));
  }

  /**
   * Each vehicle's edges in the API's order (by vehicle, charger, then region), sources replaced by their ids, with
   * their explanations from the vehicle's explain document; an explain document that does not name the same edges in
   * the same order stops the exports.
   */
  *edgesByVehicle(): Generator<VehicleEdges> {
    for (const slug of this.vehicleSlugs()) {
      const list = this.read<VehicleCompatibility>(layout.vehicleCompatibility(slug));
      const explain = this.read<Explain>(layout.vehicleExplain(slug));
      list.chargers.forEach((edge, i) => {
        const entry = explain.edges[i];
        if (entry?.charger !== edge.charger || entry.region !== edge.region)
          throw new Error(
            `exports: the explain document of ${slug} does not match its compatibility list at entry ${i + 1} ` +
              `(${edge.charger} ${edge.region})`,
          );
      });
      if (explain.edges.length !== list.chargers.length)
        throw new Error(
          `exports: the explain document of ${slug} has ${explain.edges.length} entries, its compatibility list ` +
            `${list.chargers.length} edges`,
        );
      yield {
        edges: list.chargers.map((edge) => ({ ...edge, sources: this.cite(edge.sources) })),
        explanations: explain.edges.map((entry) => ({ vehicle: slug, ...entry })),
      };
    }
  }

  /** The sources' ids, each source kept for sources(). */
  private cite(sources: readonly Source[]): string[] {
    return sources.map((source) => {
      if (!this.cited.has(source.id)) this.cited.set(source.id, source);
      return source.id;
    });
  }

  /** Every network in each region it operates in (by network slug, then region order), sources named by id. */
  networks(): ExportedNetwork[] {
    return this.read<NetworkList>(layout.networkList()).networks.flatMap(({ slug }) => {
      const network = this.read<NetworkInfo>(layout.network(slug));
      const sources = this.cite(network.sources);
      return network.regions.map(({ dc_sites_sources, access_sources, models, ...region }) => ({
        network: network.slug,
        name: network.name,
        note: network.note,
        sources,
        ...region,
        dc_sites_sources: this.cite(dc_sites_sources),
        access_sources: this.cite(access_sources),
        models: models.map(({ url: _url, sources: cited, ...model }) => ({ ...model, sources: this.cite(cited) })),
      }));
    });
  }

  /** The missing figures ranked by the edges each would settle or sharpen (/api/v1/wanted). */
  wanted(): Wanted {
    return this.read<Wanted>(layout.wanted());
  }

  /**
   * Retired slugs → their successors': the vehicle (or charger) documents the list does not name are copies of a
   * successor's, which the API answers for the retired slug.
   */
  aliases(side: 'vehicle' | 'charger'): Record<string, string> {
    const [listed, file] =
      side === 'vehicle' ? [this.vehicleSlugs(), layout.vehicle] : [this.chargerSlugs(), layout.charger];
    const current = new Set(listed);
    const aliases: Record<string, string> = {};
    for (const name of readdirSync(path.join(this.publicDir, path.posix.dirname(file('_')))).sort()) {
      const slug = name.replace(/\.json$/, '');
      if (!current.has(slug)) aliases[slug] = this.read<{ slug: string }>(file(slug)).slug;
    }
    return aliases;
  }

  /** The sources the edges and networks read so far cite, sorted by id. */
  sources(): Source[] {
    return [...this.cited.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
