// The incremental pass of a build: only the changed vehicles and chargers re-derived, the edge files they no longer
// have removed, and the other resources' lists spliced where an edge of the pairing changed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REGIONS, type Region } from '../core/regions.ts';
import { parseJsonBytes } from '../infra/json-bytes.ts';
import { ReadBuffer } from '../infra/read-buffer.ts';
import type { ChargerRow } from '../data/tables.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { deriveEdge } from '../derive/derive-edge.ts';
import { EdgeHistory, type StaleEdges } from '../release/edge-history.ts';
import { chargerDocument, vehicleDocument } from '../api/resource-documents.ts';
import { apiFile } from '../render/site-file.ts';
import { layout } from '../render/layout.ts';
import { spliceList, type EdgeBody, type ListSide } from '../render/list-files.ts';
import type { SpilledEntry } from '../write/charger-spill.ts';
import type { Explain, ExplainEntry, Wanted } from '../api/explain-schemas.ts';
import { explainEntry, spliceExplain, spliceExplainBytes, WantedTally } from '../render/explain-files.ts';
import { isLinked } from '../render/network-files.ts';
import type { EdgeAnswer } from '../render/network-files.ts';
import {
  edgeAnswer,
  emit,
  FullBuildNeeded,
  removeEdge,
  writeEdge,
  writeExplain,
  writeLists,
  writeVehicleNetworks,
  type Changes,
  type PassContext,
} from './edge-passes.ts';

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

/** A changed vehicle: its document, every edge, its lists, and the edge files it no longer has. */
function rederiveVehicle(context: PassContext, history: EdgeHistory, fresh: FreshEdges, vehicleIndex: number): void {
  const vehicle = context.data.vehicles[vehicleIndex]!;
  emit(
    context,
    apiFile(layout.vehicle(vehicle.slug), 'vehicle', vehicleDocument(vehicle)),
    context.aliases.ofVehicle(vehicle.slug).map(layout.vehicle),
  );
  history.beginVehicle(vehicle.slug);
  const written = new Set<string>();
  const entries: SpilledEntry[] = [];
  const explained: ExplainEntry[] = [];
  uncountExplain(context, vehicle.slug);
  for (const { regionIndex, facts } of edgesOfVehicle(context.data, vehicleIndex)) {
    explained.push(explainEntry(facts));
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
  writeExplain(context, vehicle.slug, explained);
  removeUnwrittenEdges(context, fresh, vehicle.slug, written);
  const networks = writeVehicleNetworks(context, vehicle, (charger, region) => {
    const entry = fresh.of(vehicle.slug, charger).find((e) => REGIONS[e.regionIndex] === region);
    return entry && edgeAnswer(entry.body);
  });
  removeVehicleNetworks(context, vehicle.slug, networks);
}

/** A vehicle's networks documents (under its slug and retired ones) other than those just written. */
function removeVehicleNetworks(context: PassContext, vehicle: string, written: ReadonlySet<string>): void {
  for (const owner of [vehicle, ...context.aliases.ofVehicle(vehicle)])
    for (const region of [undefined, ...REGIONS]) {
      const file = layout.vehicleNetworks(owner, region);
      if (!written.has(file) && existsSync(path.join(context.publicDir, file))) context.writer.remove(file);
    }
}

/**
 * The networks documents of unchanged vehicles, rewritten when the network tables changed or a charger model some
 * network runs did: from the edges this pass re-derived, the others read from their published files.
 */
function refreshVehicleNetworks(
  context: PassContext,
  fresh: FreshEdges,
  changes: Changes,
  changedChargers: readonly ChargerRow[],
): void {
  const { data } = context;
  const linkedChange = changedChargers.some((charger) =>
    REGIONS.some((region) => isLinked(data, charger.slug, region)),
  );
  if (!changes.networks && !linkedChange) return;
  const rederived = new Set(changedChargers.map((charger) => charger.slug));
  for (const vehicle of data.vehicles) {
    if (changes.vehicles.has(vehicle.slug)) continue;
    writeVehicleNetworks(context, vehicle, (charger, region): EdgeAnswer | undefined => {
      if (rederived.has(charger)) {
        const entry = fresh.of(vehicle.slug, charger).find((e) => REGIONS[e.regionIndex] === region);
        return entry && edgeAnswer(entry.body);
      }
      const file = path.join(context.publicDir, layout.edge(vehicle.slug, charger, region));
      return existsSync(file) ? edgeAnswer(readFileSync(file)) : undefined;
    });
  }
}

/** Network documents of networks that left the data (the list and the others are rewritten by every build). */
function removeLeftNetworks(context: PassContext): void {
  const folder = path.join(context.publicDir, layout.networkFolder());
  if (!existsSync(folder)) return;
  const kept = new Set(context.data.networks.map((network) => `${network.slug}.json`));
  for (const name of readdirSync(folder))
    if (!kept.has(name)) context.writer.remove(`${layout.networkFolder()}${name}`);
}

/** The edge files of a vehicle (and its retired slugs) that this pass did not write: pairings it no longer has. */
function removeUnwrittenEdges(context: PassContext, fresh: FreshEdges, vehicle: string, written: ReadonlySet<string>) {
  for (const owner of [vehicle, ...context.aliases.ofVehicle(vehicle)]) {
    for (const region of REGIONS) {
      const folder = path.join(context.publicDir, layout.edgeFolder(owner, region));
      if (!existsSync(folder)) continue;
      for (const name of readdirSync(folder)) {
        const file = `${layout.edgeFolder(owner, region)}${name}`;
        if (written.has(file)) continue;
        context.writer.remove(file);
        if (owner === vehicle) fresh.touch(vehicle, name.replace(/\.json$/, ''));
      }
    }
  }
}

/** Changed chargers: their edges with every unchanged vehicle (those of changed vehicles are fresh), and their lists. */
function rederiveChargers(
  context: PassContext,
  history: EdgeHistory,
  fresh: FreshEdges,
  changedChargers: readonly ChargerRow[],
  changes: Changes,
): void {
  const { data } = context;
  const slugs = new Set(changedChargers.map((charger) => charger.slug));
  for (const vehicle of data.vehicles) {
    if (changes.vehicles.has(vehicle.slug)) continue;
    history.beginVehicle(vehicle.slug);
    const explained = new Map<string, ExplainEntry[]>(changes.removedChargers.map((slug) => [slug, []]));
    for (const charger of changedChargers) {
      explained.set(charger.slug, []);
      for (const [regionIndex, region] of REGIONS.entries()) {
        const facts = deriveEdge(data, vehicle, charger, region);
        if (facts) {
          explained.get(charger.slug)!.push(explainEntry(facts));
          fresh.add(vehicle.slug, charger.slug, {
            regionIndex,
            body: writeEdge(context, history, facts, () => fresh.touch(vehicle.slug, charger.slug)),
          });
        } else if (removeEdge(context, vehicle.slug, charger.slug, region)) fresh.touch(vehicle.slug, charger.slug);
      }
    }
    history.endVehicle(slugs);
    spliceExplainFile(context, vehicle.slug, explained);
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

/** Resources that left the data: their documents, lists and edge files. */
function removeLeftResources(context: PassContext, changes: Changes): void {
  const { writer } = context;
  for (const slug of changes.removedVehicles) {
    removeVehicleNetworks(context, slug, new Set());
    uncountExplain(context, slug);
    writer.remove(layout.vehicleExplain(slug));
    writer.remove(layout.vehicle(slug));
    for (const region of [undefined, ...REGIONS]) writer.remove(layout.vehicleCompatibility(slug, region));
    for (const region of REGIONS) writer.remove(layout.edgeFolder(slug, region));
  }
  for (const slug of changes.removedChargers) {
    writer.remove(layout.charger(slug));
    for (const region of [undefined, ...REGIONS]) writer.remove(layout.chargerCompatibility(slug, region));
    for (const vehicle of context.data.vehicles)
      for (const region of REGIONS) writer.remove(layout.edge(vehicle.slug, slug, region));
  }
}

/** The lists of one side's unchanged resources, and what of the other side changed in them. */
interface SplicePlan {
  /** The side the lists' entries are (a vehicle's list holds chargers). */
  side: ListSide;
  owners: readonly { slug: string }[];
  file: (slug: string, region?: Region) => string;
  /** The other side's resources re-derived by this pass, and those that left the data. */
  changed: readonly string[];
  removed: readonly string[];
  /** The fresh entries of one pairing, by the owner's slug and the other side's. */
  entriesOf: (owner: string, other: string) => SpilledEntry[];
}

/** Lists of unchanged resources: the changed other side's entries spliced in, where an edge of the pairing changed. */
function spliceLists(context: PassContext, fresh: FreshEdges, plan: SplicePlan): void {
  if (plan.changed.length === 0 && plan.removed.length === 0) return;
  const touched = (owner: string, other: string) =>
    plan.side === 'charger' ? fresh.isTouched(owner, other) : fresh.isTouched(other, owner);
  for (const owner of plan.owners) {
    const replaced = plan.changed.filter((other) => touched(owner.slug, other));
    if (replaced.length === 0 && plan.removed.length === 0) {
      // Nothing to splice; still, a list missing from public/ means it is not the tree the state describes.
      for (const region of [undefined, ...REGIONS])
        if (!existsSync(path.join(context.publicDir, plan.file(owner.slug, region))))
          throw new FullBuildNeeded(`${plan.file(owner.slug, region)} is missing`);
      continue;
    }
    spliceOwnerLists(context, plan, owner.slug, replaced);
  }
}

/** One owner's lists (every region's and one per region) with the replaced pairings' entries and the removed ones'. */
function spliceOwnerLists(context: PassContext, plan: SplicePlan, owner: string, replaced: readonly string[]): void {
  const retired = plan.side === 'charger' ? context.aliases.ofVehicle(owner) : context.aliases.ofCharger(owner);
  for (const [regionIndex, region] of [[-1, undefined] as const, ...REGIONS.entries()]) {
    const replacements = new Map<string, EdgeBody[]>();
    for (const other of replaced)
      replacements.set(
        other,
        plan
          .entriesOf(owner, other)
          .filter((e) => regionIndex === -1 || e.regionIndex === regionIndex)
          .map((e) => e.body),
      );
    for (const other of plan.removed) replacements.set(other, []);
    const current = readList(context, plan.file(owner, region));
    const body = spliceList(current, plan.side, replacements);
    context.writer.write(plan.file(owner, region), body, current);
    if (retired.length > 0) {
      const lasting = Buffer.isBuffer(body) ? published.lasting(body) : Buffer.concat(body);
      for (const slug of retired) context.writer.write(plan.file(slug, region), lasting);
    }
    context.files += 1;
  }
}

/** Only the changed vehicles and chargers re-derived; the other resources' lists spliced where a pairing changed. */
export async function incrementalPass(context: PassContext, changes: Changes): Promise<StaleEdges> {
  const { data } = context;
  const history = new EdgeHistory(context.dataDir, context.mode);
  const fresh = new FreshEdges();
  const changedChargers = data.chargers.filter((charger) => changes.chargers.has(charger.slug));
  context.wanted = WantedTally.fromDocument(readJson<Wanted>(context, layout.wanted()));
  for (const [vehicleIndex, vehicle] of data.vehicles.entries())
    if (changes.vehicles.has(vehicle.slug)) rederiveVehicle(context, history, fresh, vehicleIndex);
  if (changedChargers.length > 0 || changes.removedChargers.length > 0)
    rederiveChargers(context, history, fresh, changedChargers, changes);
  removeLeftResources(context, changes);
  refreshVehicleNetworks(context, fresh, changes, changedChargers);
  removeLeftNetworks(context);
  spliceLists(context, fresh, {
    side: 'charger',
    owners: data.vehicles.filter((vehicle) => !changes.vehicles.has(vehicle.slug)),
    file: layout.vehicleCompatibility,
    changed: changedChargers.map((c) => c.slug),
    removed: changes.removedChargers,
    entriesOf: (v, c) => fresh.of(v, c),
  });
  spliceLists(context, fresh, {
    side: 'vehicle',
    owners: data.chargers.filter((charger) => !changes.chargers.has(charger.slug)),
    file: layout.chargerCompatibility,
    changed: data.vehicles.filter((vehicle) => changes.vehicles.has(vehicle.slug)).map((v) => v.slug),
    removed: changes.removedVehicles,
    entriesOf: (c, v) => fresh.of(v, c),
  });
  return history.stale;
}

/** Published lists and explain documents, read one after the other into one buffer. */
const published = new ReadBuffer();

/** A file of public/ as bytes: valid until the next read (`published.lasting` copies what must outlive it). */
function readList(context: PassContext, file: string): Buffer {
  try {
    return published.read(path.join(context.publicDir, file));
  } catch {
    throw new FullBuildNeeded(`${file} is missing`);
  }
}

function readJson<T>(context: PassContext, file: string): T {
  return parseJsonBytes(readList(context, file)) as T;
}

/** A vehicle's published explain entries counted out of the wanted tally (they are about to be replaced or removed). */
function uncountExplain(context: PassContext, vehicle: string): void {
  if (!existsSync(path.join(context.publicDir, layout.vehicleExplain(vehicle)))) return;
  for (const entry of readJson<Explain>(context, layout.vehicleExplain(vehicle)).edges) context.wanted.count(entry, -1);
}

/**
 * An unchanged vehicle's explain document with the changed chargers' entries replaced, the tally adjusted: spliced as
 * bytes (only the entries cut are parsed, only the new ones validated, as a document of their own), or, where a
 * charger is new to it, parsed and written whole.
 */
function spliceExplainFile(
  context: PassContext,
  vehicle: string,
  replacements: ReadonlyMap<string, readonly ExplainEntry[]>,
): void {
  const file = layout.vehicleExplain(vehicle);
  const current = readList(context, file);
  const spliced = spliceExplainBytes(current, replacements);
  if (!spliced) {
    const document = parseJsonBytes(current) as Explain;
    for (const entry of document.edges) if (replacements.has(entry.charger)) context.wanted.count(entry, -1);
    for (const entries of replacements.values()) for (const entry of entries) context.wanted.count(entry);
    const copies = context.aliases.ofVehicle(vehicle).map(layout.vehicleExplain);
    emit(context, apiFile(file, 'explain', spliceExplain(document, replacements)), copies);
    return;
  }
  if (spliced.cut) {
    const added = [...replacements.values()].flat();
    context.validate(file, 'explain', { slug: vehicle, edges: added });
    for (const entry of spliced.cut) context.wanted.count(entry, -1);
    for (const entry of added) context.wanted.count(entry);
  }
  context.writer.write(file, spliced.body, current);
  for (const copy of context.aliases.ofVehicle(vehicle))
    context.writer.write(layout.vehicleExplain(copy), published.lasting(spliced.body));
  context.files += 1;
}
