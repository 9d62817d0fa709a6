// What the full pass (full-pass.ts) and the incremental pass (incremental-pass.ts) share: the pass's context and the
// writers of documents, edges and lists.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { edgeContent, edgeDocument } from '../api/edge-content.ts';
import type { DocumentValidator } from '../api/validate-documents.ts';
import { REGIONS, type Region } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import type { EdgeFacts } from '../derive/derive-edge.ts';
import type { EdgeHistory, HistoryMode } from '../release/edge-history.ts';
import type { SlugAliases } from '../render/aliases.ts';
import type { SiteFile } from '../render/site-file.ts';
import { layout } from '../render/layout.ts';
import { listParts, type EdgeBody } from '../render/list-files.ts';
import type { SpilledEntry } from '../write/charger-spill.ts';
import type { Explain, ExplainEntry } from '../api/explain-schemas.ts';
import { apiFile } from '../render/site-file.ts';
import type { WantedTally } from '../render/explain-files.ts';
import {
  defaultNetworkRegion,
  networkRegionsOf,
  vehicleNetworksDocument,
  type EdgeAnswer,
} from '../render/network-files.ts';
import type { VehicleRow } from '../data/tables.ts';
import type { TreeWriter } from '../write/tree-writer.ts';
import type { changesSince } from './build-state.ts';

export interface PassContext {
  data: Dataset;
  dataDir: string;
  publicDir: string;
  mode: HistoryMode;
  writer: TreeWriter;
  validate: DocumentValidator;
  /** Retired slugs, which answer with copies of their successor's files. */
  aliases: SlugAliases;
  /** Files rendered so far. */
  files: number;
  /** The missing figures of every explain entry written or kept so far (the wanted document). */
  wanted: WantedTally;
}

export type Changes = NonNullable<ReturnType<typeof changesSince>>;

/** The incremental pass found public/ not as the build state describes it. */
export class FullBuildNeeded extends Error {}

/** Edges an incremental build may re-derive at most (their bodies are held in memory); beyond it a full pass is cheaper. */
const MAX_INCREMENTAL_EDGES = 60_000;

export function isSmallChange(changes: Changes, data: Dataset): boolean {
  const edges =
    (changes.vehicles.size * data.chargers.length + changes.chargers.size * data.vehicles.length) * REGIONS.length;
  return edges <= MAX_INCREMENTAL_EDGES;
}

export function emit(context: PassContext, file: SiteFile, copies: readonly string[] = []): void {
  if (file.schema) context.validate(file.path, file.schema, file.document);
  for (const at of [file.path, ...copies]) context.writer.write(at, file.body);
  context.files += 1;
}

/** An edge file and its copies under retired slugs, for removal; whether the edge was published until now. */
export function removeEdge(context: PassContext, vehicle: string, charger: string, region: Region): boolean {
  const existing = [
    layout.edge(vehicle, charger, region),
    ...context.aliases.edgeCopies(vehicle, charger, region),
  ].filter((at) => existsSync(path.join(context.publicDir, at)));
  for (const at of existing) context.writer.remove(at);
  return existing[0] === layout.edge(vehicle, charger, region);
}

/** Stamps, validates and writes one edge; returns its body for the lists (and, via `changed`, whether its bytes changed). */
export function writeEdge(
  context: PassContext,
  history: EdgeHistory,
  facts: EdgeFacts,
  changed?: () => void,
): EdgeBody {
  const content = edgeContent(facts, context.data);
  const document = edgeDocument(content, history.stamp(content));
  const file = layout.edge(facts.vehicle, facts.charger, facts.region);
  context.validate(file, 'edge', document);
  // Encoded once: the edge's file and its copies, and (without the line end) every list it is in.
  const line = Buffer.from(`${JSON.stringify(document)}\n`);
  if (context.writer.write(file, line)) changed?.();
  for (const at of context.aliases.edgeCopies(facts.vehicle, facts.charger, facts.region))
    context.writer.write(at, line);
  context.files += 1;
  return line.subarray(0, line.length - 1);
}

/**
 * A resource's list files: every region's edges, and one file per region. The entries were each validated as edges,
 * so the wrapper is validated with an empty list: together that is the list document's schema.
 */
export function writeLists(
  context: PassContext,
  side: 'vehicle' | 'charger',
  slug: string,
  entries: readonly SpilledEntry[],
): void {
  const [key, schema, file] =
    side === 'vehicle'
      ? (['chargers', 'vehicle-compatibility', layout.vehicleCompatibility] as const)
      : (['vehicles', 'charger-compatibility', layout.chargerCompatibility] as const);
  context.validate(file(slug), schema, { slug, [key]: [] });
  const retired = side === 'vehicle' ? context.aliases.ofVehicle(slug) : context.aliases.ofCharger(slug);
  const write = (region: Region | undefined, bodies: EdgeBody[]) => {
    const body = listParts(slug, key, bodies);
    for (const owner of [slug, ...retired]) context.writer.write(file(owner, region), body);
    context.files += 1;
  };
  write(
    undefined,
    entries.map((entry) => entry.body),
  );
  for (const [regionIndex, region] of REGIONS.entries())
    write(
      region,
      entries.filter((entry) => entry.regionIndex === regionIndex).map((entry) => entry.body),
    );
}

/** A vehicle's explain document (and its copies under retired slugs), its entries counted into the wanted tally. */
export function writeExplain(context: PassContext, vehicle: string, entries: readonly ExplainEntry[]): void {
  for (const entry of entries) context.wanted.count(entry);
  const document: Explain = { slug: vehicle, edges: [...entries] };
  emit(
    context,
    apiFile(layout.vehicleExplain(vehicle), 'explain', document),
    context.aliases.ofVehicle(vehicle).map(layout.vehicleExplain),
  );
}

/** What a vehicle networks document reads of an edge, from the edge's published body. */
export function edgeAnswer(body: Buffer | string): EdgeAnswer {
  return factsAnswer(JSON.parse(body.toString()) as EdgeAnswer);
}

/** The same from the facts an edge is rendered from (which it publishes as they are), without parsing its body. */
export const factsAnswer = ({ state, kw, confidence }: EdgeAnswer): EdgeAnswer => ({ state, kw, confidence });

/**
 * A vehicle's networks documents (extension): one per region it is on sale in, and its default region's again at the
 * path without a region, each with its copies under retired slugs. `edgeOf` gives its edge with a charger in a region.
 * Returns the paths written, so that an incremental pass can remove the others.
 */
export function writeVehicleNetworks(
  context: PassContext,
  vehicle: Pick<VehicleRow, 'slug' | 'brand'>,
  edgeOf: (charger: string, region: Region) => EdgeAnswer | undefined,
): Set<string> {
  const written = new Set<string>();
  const owners = [vehicle.slug, ...context.aliases.ofVehicle(vehicle.slug)];
  const home = defaultNetworkRegion(context.data, vehicle);
  for (const region of networkRegionsOf(context.data, vehicle.slug)) {
    const document = vehicleNetworksDocument(context.data, vehicle, region, (charger) => edgeOf(charger, region));
    // The region's document, and the default region's again at the path without a region: the same bytes, rendered
    // and validated once.
    const paths = owners.map((owner) => layout.vehicleNetworks(owner, region));
    if (region === home) paths.push(...owners.map((owner) => layout.vehicleNetworks(owner)));
    emit(context, apiFile(paths[0]!, 'vehicle-networks', document), paths.slice(1));
    if (region === home) context.files += 1; // two documents of the API, whatever their bytes share
    for (const path of paths) written.add(path);
  }
  return written;
}
