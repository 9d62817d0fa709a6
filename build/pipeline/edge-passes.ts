// The two ways a build renders the per-resource files: a full pass (every vehicle's edges derived once, charger lists
// from a spill) and an incremental pass (only changed vehicles and chargers re-derived, other lists spliced).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { edgeContent, edgeDocument } from '../api/edge-content.ts';
import type { DocumentValidator } from '../api/validate-documents.ts';
import { REGIONS, type Region } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { deriveEdge, type EdgeFacts } from '../derive/derive-edge.ts';
import { EdgeHistory, type HistoryMode } from '../release/edge-history.ts';
import type { SlugAliases } from '../render/aliases.ts';
import { chargerDocument, vehicleDocument } from '../api/resource-documents.ts';
import { apiFile, type SiteFile } from '../render/global-files.ts';
import { layout } from '../render/layout.ts';
import { listBody, spliceList, type EdgeBody, type ListSide } from '../render/list-files.ts';
import { ChargerSpill, type SpilledEntry } from '../write/charger-spill.ts';
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

function emit(context: PassContext, file: SiteFile, copies: readonly string[] = []): void {
  if (file.schema) context.validate(file.path, file.schema, file.document);
  for (const at of [file.path, ...copies]) context.writer.write(at, file.body);
  context.files += 1;
}

/** An edge file and its copies under retired slugs, for removal; whether the edge was published until now. */
function removeEdge(context: PassContext, vehicle: string, charger: string, region: Region): boolean {
  const existing = [
    layout.edge(vehicle, charger, region),
    ...context.aliases.edgeCopies(vehicle, charger, region),
  ].filter((at) => existsSync(path.join(context.publicDir, at)));
  for (const at of existing) context.writer.remove(at);
  return existing[0] === layout.edge(vehicle, charger, region);
}

/** Stamps, validates and writes one edge; returns its body for the lists (and, via `changed`, whether its bytes changed). */
function writeEdge(context: PassContext, history: EdgeHistory, facts: EdgeFacts, changed?: () => void): EdgeBody {
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
function writeLists(
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
    const body = listBody(slug, key, bodies);
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

/** Every vehicle's edges derived once: written as edge files and vehicle lists, and spilled for the charger lists. */
export function fullPass(context: PassContext): EdgeHistory {
  const { data } = context;
  const history = new EdgeHistory(context.dataDir, context.mode);
  const spill = new ChargerSpill(
    path.join(path.dirname(context.publicDir), `.${path.basename(context.publicDir)}-spill`),
    data.chargers.length,
  );
  try {
    for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
      emit(
        context,
        apiFile(layout.vehicle(vehicle.slug), 'vehicle', vehicleDocument(vehicle)),
        context.aliases.ofVehicle(vehicle.slug).map(layout.vehicle),
      );
      history.beginVehicle(vehicle.slug);
      const entries: SpilledEntry[] = [];
      for (const { chargerIndex, regionIndex, facts } of edgesOfVehicle(data, vehicleIndex)) {
        const body = writeEdge(context, history, facts);
        entries.push({ regionIndex, body });
        spill.add(chargerIndex, regionIndex, body);
      }
      history.endVehicle();
      writeLists(context, 'vehicle', vehicle.slug, entries);
    }
    for (const [chargerIndex, charger] of data.chargers.entries()) {
      emit(
        context,
        apiFile(layout.charger(charger.slug), 'charger', chargerDocument(charger)),
        context.aliases.ofCharger(charger.slug).map(layout.charger),
      );
      writeLists(context, 'charger', charger.slug, spill.take(chargerIndex));
    }
  } finally {
    spill.dispose();
  }
  return history;
}

/**
 * Re-derived edges of an incremental pass: vehicle → charger → that pairing's entries in region order, and the
 * pairings whose published edges changed (written, added or removed): only their lists need splicing.
 */
class FreshEdges {
  private readonly byVehicle = new Map<string, Map<string, SpilledEntry[]>>();
  private readonly touched = new Set<string>();

  touch(vehicle: string, charger: string): void {
    this.touched.add(`${vehicle} ${charger}`);
  }

  isTouched(vehicle: string, charger: string): boolean {
    return this.touched.has(`${vehicle} ${charger}`);
  }

  add(vehicle: string, charger: string, entry: SpilledEntry): void {
    const chargers = this.byVehicle.get(vehicle) ?? new Map<string, SpilledEntry[]>();
    chargers.set(charger, [...(chargers.get(charger) ?? []), entry]);
    this.byVehicle.set(vehicle, chargers);
  }

  of(vehicle: string, charger: string): SpilledEntry[] {
    return this.byVehicle.get(vehicle)?.get(charger) ?? [];
  }
}

export async function incrementalPass(context: PassContext, changes: Changes): Promise<EdgeHistory> {
  const { data, writer } = context;
  const history = new EdgeHistory(context.dataDir, context.mode);
  const fresh = new FreshEdges();
  const changedChargers = data.chargers.filter((charger) => changes.chargers.has(charger.slug));

  // Changed vehicles: every edge, every list, and the edge files they no longer have.
  for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
    if (!changes.vehicles.has(vehicle.slug)) continue;
    emit(
      context,
      apiFile(layout.vehicle(vehicle.slug), 'vehicle', vehicleDocument(vehicle)),
      context.aliases.ofVehicle(vehicle.slug).map(layout.vehicle),
    );
    history.beginVehicle(vehicle.slug);
    const written = new Set<string>();
    const entries: SpilledEntry[] = [];
    for (const { regionIndex, facts } of edgesOfVehicle(data, vehicleIndex)) {
      const entry = {
        regionIndex,
        body: writeEdge(context, history, facts, () => fresh.touch(vehicle.slug, facts.charger)),
      };
      for (const at of [
        layout.edge(facts.vehicle, facts.charger, facts.region),
        ...context.aliases.edgeCopies(facts.vehicle, facts.charger, facts.region),
      ])
        written.add(at);
      entries.push(entry);
      fresh.add(vehicle.slug, facts.charger, entry);
    }
    history.endVehicle();
    writeLists(context, 'vehicle', vehicle.slug, entries);
    for (const owner of [vehicle.slug, ...context.aliases.ofVehicle(vehicle.slug)]) {
      for (const region of REGIONS) {
        const folder = path.join(context.publicDir, layout.edgeFolder(owner, region));
        if (!existsSync(folder)) continue;
        for (const name of readdirSync(folder)) {
          const file = `${layout.edgeFolder(owner, region)}${name}`;
          if (written.has(file)) continue;
          writer.remove(file);
          if (owner === vehicle.slug) fresh.touch(vehicle.slug, name.replace(/\.json$/, ''));
        }
      }
    }
  }

  // Changed chargers: their edges with every other vehicle, and their lists.
  if (changedChargers.length > 0) {
    const slugs = new Set(changedChargers.map((charger) => charger.slug));
    for (const vehicle of data.vehicles) {
      if (changes.vehicles.has(vehicle.slug)) continue;
      history.beginVehicle(vehicle.slug);
      for (const charger of changedChargers) {
        for (const [regionIndex, region] of REGIONS.entries()) {
          const facts = deriveEdge(data, vehicle, charger, region);
          if (facts)
            fresh.add(vehicle.slug, charger.slug, {
              regionIndex,
              body: writeEdge(context, history, facts, () => fresh.touch(vehicle.slug, charger.slug)),
            });
          else if (removeEdge(context, vehicle.slug, charger.slug, region)) fresh.touch(vehicle.slug, charger.slug);
        }
      }
      history.endVehicle(slugs);
    }
    for (const charger of changedChargers) {
      emit(
        context,
        apiFile(layout.charger(charger.slug), 'charger', chargerDocument(charger)),
        context.aliases.ofCharger(charger.slug).map(layout.charger),
      );
      writeLists(
        context,
        'charger',
        charger.slug,
        data.vehicles.flatMap((vehicle) => fresh.of(vehicle.slug, charger.slug)),
      );
    }
  }

  // Resources that left the data: their documents and edge files.
  for (const slug of changes.removedVehicles) {
    writer.remove(layout.vehicle(slug));
    for (const region of [undefined, ...REGIONS]) writer.remove(layout.vehicleCompatibility(slug, region));
    for (const region of REGIONS) writer.remove(layout.edgeFolder(slug, region));
  }
  for (const slug of changes.removedChargers) {
    writer.remove(layout.charger(slug));
    for (const region of [undefined, ...REGIONS]) writer.remove(layout.chargerCompatibility(slug, region));
    for (const vehicle of data.vehicles)
      for (const region of REGIONS) writer.remove(layout.edge(vehicle.slug, slug, region));
  }

  // Lists of unchanged resources: the changed other side's entries spliced in, where an edge of the pairing changed.
  const spliceAll = (
    side: ListSide,
    owners: readonly { slug: string }[],
    file: (slug: string, region?: Region) => string,
    changed: readonly string[],
    removed: readonly string[],
    entriesOf: (owner: string, other: string) => SpilledEntry[],
  ) => {
    if (changed.length === 0 && removed.length === 0) return;
    const touched = (owner: string, other: string) =>
      side === 'charger' ? fresh.isTouched(owner, other) : fresh.isTouched(other, owner);
    for (const owner of owners) {
      const replaced = changed.filter((other) => touched(owner.slug, other));
      if (replaced.length === 0 && removed.length === 0) {
        // Nothing to splice; still, a list missing from public/ means it is not the tree the state describes.
        for (const region of [undefined, ...REGIONS])
          if (!existsSync(path.join(context.publicDir, file(owner.slug, region))))
            throw new FullBuildNeeded(`${file(owner.slug, region)} is missing`);
        continue;
      }
      for (const [regionIndex, region] of [[-1, undefined] as const, ...REGIONS.entries()]) {
        const replacements = new Map<string, EdgeBody[]>();
        for (const other of replaced)
          replacements.set(
            other,
            entriesOf(owner.slug, other)
              .filter((e) => regionIndex === -1 || e.regionIndex === regionIndex)
              .map((e) => e.body),
          );
        for (const other of removed) replacements.set(other, []);
        const current = readList(context, file(owner.slug, region));
        const body = spliceList(current, side, replacements);
        context.writer.write(file(owner.slug, region), body, current);
        const retired =
          side === 'charger' ? context.aliases.ofVehicle(owner.slug) : context.aliases.ofCharger(owner.slug);
        for (const slug of retired) context.writer.write(file(slug, region), body);
        context.files += 1;
      }
    }
  };
  const unchangedVehicles = data.vehicles.filter((vehicle) => !changes.vehicles.has(vehicle.slug));
  const unchangedChargers = data.chargers.filter((charger) => !changes.chargers.has(charger.slug));
  spliceAll(
    'charger',
    unchangedVehicles,
    layout.vehicleCompatibility,
    changedChargers.map((c) => c.slug),
    changes.removedChargers,
    (v, c) => fresh.of(v, c),
  );
  const changedVehicles = data.vehicles.filter((vehicle) => changes.vehicles.has(vehicle.slug)).map((v) => v.slug);
  spliceAll(
    'vehicle',
    unchangedChargers,
    layout.chargerCompatibility,
    changedVehicles,
    changes.removedVehicles,
    (c, v) => fresh.of(v, c),
  );
  return history;
}

function readList(context: PassContext, file: string): Buffer {
  try {
    return readFileSync(path.join(context.publicDir, file));
  } catch {
    throw new FullBuildNeeded(`${file} is missing`);
  }
}
