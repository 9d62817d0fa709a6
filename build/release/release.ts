// npm run release's work: stamps the ledger from the data (versions +1 where content changed, new edges dated today) and bumps the dataset version.
import path from 'node:path';
import { loadDataset } from '../data/dataset.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { edgeContent, edgeContentHash } from '../api/edge-content.ts';
import { ledgerKey, ledgerVehicles, readShard, writeShard, type LedgerEntry } from '../data/ledger.ts';
import { bumpVersion, dataDigest, readRelease, writeRelease, type Bump, type Release } from '../data/release-file.ts';

export interface ReleaseOptions {
  root: string;
  /** The release date, YYYY-MM-DD: the only date that enters the published data. */
  date: string;
  bump?: Bump;
}

export interface ReleaseSummary {
  release: Release;
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  returned: number;
}

export async function releaseDataset(options: ReleaseOptions): Promise<ReleaseSummary> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date)) throw new Error(`release date must be YYYY-MM-DD, got "${options.date}"`);
  const dataDir = path.join(options.root, 'data');
  const data = await loadDataset(options.root);
  const summary = { added: 0, changed: 0, unchanged: 0, removed: 0, returned: 0 };

  const stampShard = (slug: string, derived: Map<string, { charger: string; region: LedgerEntry['region']; hash: string }>) => {
    const next = new Map<string, LedgerEntry>();
    for (const [key, entry] of readShard(dataDir, slug)) {
      const edge = derived.get(key);
      if (!edge) {
        if (entry.published) summary.removed += 1;
        next.set(key, { ...entry, published: false });
      } else if (!entry.published) {
        summary.returned += 1;
        next.set(key, { ...entry, hash: edge.hash, edgeVersion: entry.edgeVersion + 1, published: true });
      } else if (entry.hash !== edge.hash) {
        summary.changed += 1;
        next.set(key, { ...entry, hash: edge.hash, edgeVersion: entry.edgeVersion + 1 });
      } else {
        summary.unchanged += 1;
        next.set(key, entry);
      }
    }
    for (const [key, edge] of derived) {
      if (next.has(key)) continue;
      summary.added += 1;
      next.set(key, { ...edge, edgeVersion: 1, createdAt: options.date, published: true });
    }
    writeShard(dataDir, slug, next.values());
  };

  const current = new Set<string>();
  for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
    current.add(vehicle.slug);
    const derived = new Map<string, { charger: string; region: LedgerEntry['region']; hash: string }>();
    for (const { facts } of edgesOfVehicle(data, vehicleIndex)) {
      const content = edgeContent(facts, data);
      derived.set(ledgerKey(content.charger, content.region), { charger: content.charger, region: content.region, hash: edgeContentHash(content) });
    }
    stampShard(vehicle.slug, derived);
  }
  // Vehicles that left the data keep their shard, every edge unpublished.
  for (const slug of ledgerVehicles(dataDir)) if (!current.has(slug)) stampShard(slug, new Map());

  const previous = readRelease(dataDir);
  const release: Release = { datasetVersion: bumpVersion(previous?.datasetVersion, options.bump ?? 'minor'), releasedAt: options.date, dataDigest: dataDigest(dataDir) };
  writeRelease(dataDir, release);
  return { release, ...summary };
}
