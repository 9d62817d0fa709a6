// npm run release's work: stamps the ledger from the data (versions +1 where content changed, new edges dated the
// release day), records what the release changed (data/releases/), and bumps the dataset version.
import path from 'node:path';
import { edgeContent, edgeContentHash } from '../api/edge-content.ts';
import { isCalendarDate } from '../core/calendar.ts';
import { isRegion } from '../core/regions.ts';
import { loadDataset } from '../checks/load-dataset.ts';
import { ledgerKey, ledgerVehicles, readShard, writeShard, type LedgerEntry } from '../data/ledger.ts';
import {
  readSnapshot,
  writeReleaseRecord,
  writeSnapshot,
  type EdgeChange,
  type ReleaseRecord,
  type ResourceChanges,
  type SnapshotLine,
} from '../data/release-records.ts';
import { bumpVersion, dataDigest, readRelease, writeRelease, type Bump, type Release } from '../data/release-file.ts';
import type { Dataset } from '../data/dataset.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { chargerDocument, vehicleDocument } from '../api/resource-documents.ts';

export interface ReleaseOptions {
  root: string;
  /** The release date, YYYY-MM-DD: the only date that enters the published data. */
  date: string;
  bump?: Bump;
}

export interface ReleaseSummary {
  release: Release;
  record: ReleaseRecord;
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
}

/** Nothing would change for API users, and data/ is what the last release was made from: there is nothing to release. */
export class NothingToRelease extends Error {
  readonly current: string;

  constructor(current: string) {
    super(`nothing changed since release ${current}: no version was bumped and nothing was written`);
    this.name = 'NothingToRelease';
    this.current = current;
  }
}

function compareResources(
  before: readonly SnapshotLine[],
  after: readonly SnapshotLine[],
  kind: SnapshotLine['kind'],
): ResourceChanges {
  const old = new Map(before.filter((line) => line.kind === kind).map((line) => [line.slug, line.document]));
  const now = new Map(after.filter((line) => line.kind === kind).map((line) => [line.slug, line.document]));
  const changes: ResourceChanges = { added: [], removed: [], changed: [] };
  for (const [slug, document] of now) {
    const previous = old.get(slug);
    if (!previous) changes.added.push(slug);
    else {
      const fields = Object.keys(document).filter(
        (field) => JSON.stringify(previous[field]) !== JSON.stringify(document[field]),
      );
      if (fields.length > 0) changes.changed.push({ slug, fields });
    }
  }
  for (const slug of old.keys()) if (!now.has(slug)) changes.removed.push(slug);
  return changes;
}

/** An edge as the data derives it now, before the ledger stamps it. */
type DerivedEdge = Omit<LedgerEntry, 'edgeVersion' | 'createdAt' | 'published'>;

/** One vehicle's shard after the release, and what the release changed in it. */
interface StampedShard {
  entries: LedgerEntry[];
  changes: EdgeChange[];
  unchanged: number;
}

/**
 * Stamps one vehicle's ledger shard with the edges the data derives now: a changed or returning edge gets the next
 * version, a new one version 1 dated the release day, a removed one is marked unpublished (its row is kept).
 */
function stampShard(
  vehicle: string,
  shard: ReadonlyMap<string, LedgerEntry>,
  derived: ReadonlyMap<string, DerivedEdge>,
  date: string,
): StampedShard {
  const next = new Map<string, LedgerEntry>();
  const changes: EdgeChange[] = [];
  let unchanged = 0;
  const record = (
    entry: LedgerEntry,
    change: EdgeChange['change'],
    from: LedgerEntry | null,
    to: LedgerEntry | null,
  ) => {
    if (!isRegion(entry.region)) return;
    changes.push({
      vehicle,
      charger: entry.charger,
      region: entry.region,
      change,
      from: from && { state: from.state, kw: from.kw },
      to: to && { state: to.state, kw: to.kw },
      edgeVersion: entry.edgeVersion,
    });
  };
  for (const [key, entry] of shard) {
    const edge = derived.get(key);
    if (!edge) {
      if (entry.published) record(entry, 'removed', entry, null);
      next.set(key, { ...entry, published: false });
    } else if (!entry.published || entry.hash !== edge.hash) {
      const stamped = { ...entry, ...edge, edgeVersion: entry.edgeVersion + 1, published: true };
      record(stamped, entry.published ? 'changed' : 'added', entry.published ? entry : null, stamped);
      next.set(key, stamped);
    } else {
      unchanged += 1;
      next.set(key, { ...entry, state: edge.state, kw: edge.kw });
    }
  }
  for (const [key, edge] of derived) {
    if (next.has(key)) continue;
    const stamped: LedgerEntry = { ...edge, edgeVersion: 1, createdAt: date, published: true };
    record(stamped, 'added', null, stamped);
    next.set(key, stamped);
  }
  return { entries: [...next.values()], changes, unchanged };
}

/** Every edge of one vehicle as the data derives it, by ledger key. */
function derivedEdges(data: Dataset, vehicleIndex: number): Map<string, DerivedEdge> {
  const derived = new Map<string, DerivedEdge>();
  for (const { facts } of edgesOfVehicle(data, vehicleIndex)) {
    derived.set(ledgerKey(facts.charger, facts.region), {
      charger: facts.charger,
      region: facts.region,
      hash: edgeContentHash(edgeContent(facts, data)),
      state: facts.state,
      kw: facts.kw,
    });
  }
  return derived;
}

/** The published vehicle and charger documents, for the release record's resource changes. */
const resourceSnapshot = (data: Dataset): SnapshotLine[] => [
  ...data.vehicles.map((vehicle): SnapshotLine => ({
    kind: 'vehicle',
    slug: vehicle.slug,
    document: { ...vehicleDocument(vehicle) },
  })),
  ...data.chargers.map((charger): SnapshotLine => ({
    kind: 'charger',
    slug: charger.slug,
    document: { ...chargerDocument(charger) },
  })),
];

export async function releaseDataset(options: ReleaseOptions): Promise<ReleaseSummary> {
  const dataDir = path.join(options.root, 'data');
  const previous = readRelease(dataDir);
  if (!isCalendarDate(options.date))
    throw new RangeError(`--date must be a real day written YYYY-MM-DD, got "${options.date}"`);
  if (previous && options.date < previous.releasedAt)
    throw new RangeError(
      `--date ${options.date} is before the last release (${previous.datasetVersion} on ${previous.releasedAt})`,
    );
  // The edges as the build will derive them once this release is made: as of its day.
  const data = loadDataset(options.root, { asOf: options.date });

  const stamped = new Map<string, StampedShard>();
  for (const [vehicleIndex, vehicle] of data.vehicles.entries())
    stamped.set(
      vehicle.slug,
      stampShard(vehicle.slug, readShard(dataDir, vehicle.slug), derivedEdges(data, vehicleIndex), options.date),
    );
  // Vehicles that left the data keep their shard, every edge unpublished.
  for (const slug of ledgerVehicles(dataDir))
    if (!stamped.has(slug)) stamped.set(slug, stampShard(slug, readShard(dataDir, slug), new Map(), options.date));
  const edges = [...stamped.values()].flatMap((shard) => shard.changes);
  const unchanged = [...stamped.values()].reduce((n, shard) => n + shard.unchanged, 0);

  const snapshot = resourceSnapshot(data);
  const before = readSnapshot(dataDir);
  const vehicles = compareResources(before, snapshot, 'vehicle');
  const chargers = compareResources(before, snapshot, 'charger');
  const digest = dataDigest(data);
  const resourcesChanged = [vehicles, chargers].some((c) => c.added.length + c.removed.length + c.changed.length > 0);
  if (previous && previous.dataDigest === digest && edges.length === 0 && !resourcesChanged)
    throw new NothingToRelease(previous.datasetVersion);

  const release: Release = {
    datasetVersion: bumpVersion(previous?.datasetVersion, options.bump ?? 'minor'),
    releasedAt: options.date,
    dataDigest: digest,
  };
  edges.sort(
    (a, b) =>
      a.vehicle.localeCompare(b.vehicle) || a.charger.localeCompare(b.charger) || a.region.localeCompare(b.region),
  );
  const record: ReleaseRecord = {
    datasetVersion: release.datasetVersion,
    previous: previous?.datasetVersion ?? null,
    releasedAt: options.date,
    vehicles,
    chargers,
    edges,
  };
  // Everything was computed before the first write: a failure above leaves data/ as it was.
  for (const [vehicle, shard] of stamped) writeShard(dataDir, vehicle, shard.entries);
  writeSnapshot(dataDir, snapshot);
  writeReleaseRecord(dataDir, record);
  writeRelease(dataDir, release);
  const count = (change: EdgeChange['change']) => edges.filter((edge) => edge.change === change).length;
  return { release, record, added: count('added'), changed: count('changed'), removed: count('removed'), unchanged };
}
