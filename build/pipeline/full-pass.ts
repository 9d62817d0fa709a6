// The full pass of a build: every vehicle's edges derived once, written as edge files and vehicle lists and spilled
// for the charger lists, which are written after. A large dataset is shared by several threads (this one and helpers
// running full-pass-worker.ts): each claims the next vehicle, then the next charger, from counters they share and
// writes its own files; a charger's lists merge every thread's spill in vehicle order, so the tree is byte for byte the
// one a single thread writes.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chargerDocument, vehicleDocument } from '../api/resource-documents.ts';
import { REGIONS } from '../core/regions.ts';
import { TABLES } from '../data/tables.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { combineStale, EdgeHistory, type StaleEdges } from '../release/edge-history.ts';
import { apiFile } from '../render/site-file.ts';
import { layout } from '../render/layout.ts';
import { ChargerSpill, spilledEntries, type SpilledEntry } from '../write/charger-spill.ts';
import type { ExplainEntry } from '../api/explain-schemas.ts';
import { explainEntry } from '../render/explain-files.ts';
import { isLinked, type EdgeAnswer } from '../render/network-files.ts';
import {
  emit,
  factsAnswer,
  writeEdge,
  writeExplain,
  writeLists,
  writeVehicleNetworks,
  type PassContext,
} from './edge-passes.ts';
import { PassHelper, WorkCounters, type HelperTask } from './pass-threads.ts';

/** Vehicle × charger pairings from which a second thread pays for its start (loading the build's code and data). */
const HELPERS_FROM_PAIRINGS = 20_000;
/** Threads at most: the writes of one folder tree stop scaling beyond a few. */
const MAX_THREADS = 4;

/** Threads for a full pass over this many vehicle × charger pairings: one per core for a large dataset, else one. */
export const passThreads = (pairings: number): number =>
  pairings < HELPERS_FROM_PAIRINGS ? 1 : Math.min(MAX_THREADS, os.availableParallelism());

/** The pairings of the data in `dataDir` before it is loaded, from the vehicle and charger tables' line counts. */
export function estimatedPairings(dataDir: string): number {
  const rows = (table: 'vehicles' | 'chargers') => {
    try {
      const bytes = readFileSync(path.join(dataDir, TABLES[table].file));
      let lines = 0;
      for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1;
      return Math.max(0, lines - 1); // the header
    } catch {
      return 0; // the loader reports the missing file
    }
  };
  return rows('vehicles') * rows('chargers');
}

/** Helper threads for a pass on `threads` threads, started now: they load the build's code while the caller goes on. */
export const startHelpers = (threads: number): PassHelper[] =>
  Array.from({ length: threads - 1 }, () => new PassHelper());

/** The spill folders of a pass's threads, next to public/ (on its file system, outside it). */
export const spillDirs = (publicDir: string, threads: number): string[] =>
  Array.from({ length: threads }, (_, thread) =>
    path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-spill-${thread}`),
  );

/** The vehicles this thread claims: each one's document, edges and lists; its edges spilled for the charger lists. */
export function passVehicles(context: PassContext, counters: WorkCounters, spill: ChargerSpill): StaleEdges {
  const { data } = context;
  const history = new EdgeHistory(context.dataDir, context.mode);
  for (let vehicleIndex; (vehicleIndex = counters.claimVehicle(data.vehicles.length)) !== -1;) {
    const vehicle = data.vehicles[vehicleIndex]!;
    emit(
      context,
      apiFile(layout.vehicle(vehicle.slug), 'vehicle', vehicleDocument(vehicle)),
      context.aliases.ofVehicle(vehicle.slug).map(layout.vehicle),
    );
    history.beginVehicle(vehicle.slug);
    const entries: SpilledEntry[] = [];
    const explained: ExplainEntry[] = [];
    // The answers some network's documents read, by region and charger.
    const answers = new Map(REGIONS.map((region) => [region, new Map<string, EdgeAnswer>()]));
    for (const { chargerIndex, regionIndex, facts } of edgesOfVehicle(data, vehicleIndex)) {
      const body = writeEdge(context, history, facts);
      entries.push({ regionIndex, body });
      if (isLinked(data, facts.charger, facts.region))
        answers.get(facts.region)!.set(facts.charger, factsAnswer(facts));
      explained.push(explainEntry(facts));
      spill.add(chargerIndex, vehicleIndex, regionIndex, body);
    }
    history.endVehicle();
    writeLists(context, 'vehicle', vehicle.slug, entries);
    writeExplain(context, vehicle.slug, explained);
    writeVehicleNetworks(context, vehicle, (charger, region) => answers.get(region)!.get(charger));
  }
  spill.flush();
  return history.stale;
}

/** The chargers this thread claims, once every thread's vehicles are done: each one's document and lists. */
export function passChargers(context: PassContext, counters: WorkCounters, spills: readonly string[]): void {
  const { chargers } = context.data;
  for (let chargerIndex; (chargerIndex = counters.claimCharger(chargers.length)) !== -1;) {
    const charger = chargers[chargerIndex]!;
    emit(
      context,
      apiFile(layout.charger(charger.slug), 'charger', chargerDocument(charger)),
      context.aliases.ofCharger(charger.slug).map(layout.charger),
    );
    writeLists(context, 'charger', charger.slug, spilledEntries(spills, chargerIndex));
  }
}

/** The task of helper `thread` in a pass over `context`. */
export const helperTask = (
  context: PassContext,
  spills: string[],
  thread: number,
  counters: WorkCounters,
): HelperTask => ({
  data: context.data,
  dataDir: context.dataDir,
  publicDir: context.publicDir,
  mode: context.mode,
  share: context.writer.share(),
  spills,
  thread,
  counters: counters.buffer,
});

/**
 * Every vehicle's and charger's files, on this thread and `helpers` (each used once, and ended here); returns the stale
 * edges (a publishing build's problem).
 */
export async function fullPass(context: PassContext, helpers: readonly PassHelper[]): Promise<StaleEdges> {
  const { data } = context;
  const spills = spillDirs(context.publicDir, helpers.length + 1);
  const counters = new WorkCounters();
  try {
    const spill = new ChargerSpill(spills[0]!, data.chargers.length);
    for (const [i, helper] of helpers.entries()) helper.begin(helperTask(context, spills, i + 1, counters));
    const stale = [passVehicles(context, counters, spill)];
    for (const helper of helpers) await helper.vehiclesDone();
    for (const helper of helpers) helper.startChargers();
    passChargers(context, counters, spills);
    for (const helper of helpers) {
      const report = await helper.finish();
      context.writer.absorb(report.writer);
      context.files += report.files;
      context.wanted.absorb(report.wanted);
      stale.push(report.stale);
    }
    const rank = new Map(data.vehicles.map((vehicle, index) => [vehicle.slug, index]));
    return combineStale(stale, (slug) => rank.get(slug)!);
  } catch (error) {
    counters.fail();
    await Promise.all(helpers.map((helper) => helper.stop()));
    throw error;
  } finally {
    for (const dir of spills) rmSync(dir, { recursive: true, force: true });
  }
}
