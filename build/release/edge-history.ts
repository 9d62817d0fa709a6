// Gives each edge its edgeVersion and createdAt from the ledger while the build renders, and finds a stale ledger.
import { edgeContentHash, type EdgeContent, type EdgeStamp } from '../api/edge-content.ts';
import { ledgerKey, readShard, type LedgerEntry } from '../data/ledger.ts';

/**
 * enforce: every derived edge must be in the ledger, published, with the same content hash, and every published
 * ledger edge must still be derived; anything else is collected as a stale-ledger problem.
 * provisional: versions as a release would give them today, dates unknown (null) for new edges; never for publishing.
 */
export type HistoryMode = 'enforce' | 'provisional';

/** How many stale edges are listed by name (the rest are counted). */
const LISTED = 20;

/** The stale edges found: how many, and the first LISTED in the order found, each with its vehicle. */
export interface StaleEdges {
  count: number;
  listed: { vehicle: string; message: string }[];
}

/** The stale edges of several threads (each found in vehicle order) as one thread would have found them. */
export function combineStale(parts: readonly StaleEdges[], vehicleRank: (slug: string) => number): StaleEdges {
  const listed = parts
    .flatMap((part) => part.listed)
    .map((entry, found) => ({ entry, found, rank: vehicleRank(entry.vehicle) }))
    .sort((a, b) => a.rank - b.rank || a.found - b.found)
    .slice(0, LISTED)
    .map(({ entry }) => entry);
  return { count: parts.reduce((sum, part) => sum + part.count, 0), listed };
}

export class EdgeHistory {
  readonly stale: StaleEdges = { count: 0, listed: [] };
  private shard = new Map<string, LedgerEntry>();
  private seen = new Set<string>();
  private vehicle = '';

  private readonly dataDir: string;
  readonly mode: HistoryMode;

  constructor(dataDir: string, mode: HistoryMode) {
    this.dataDir = dataDir;
    this.mode = mode;
  }

  beginVehicle(slug: string): void {
    this.vehicle = slug;
    this.shard = readShard(this.dataDir, slug);
    this.seen = new Set();
  }

  /** Stamps an edge of the current vehicle. */
  stamp(content: EdgeContent): EdgeStamp {
    const key = ledgerKey(content.charger, content.region);
    this.seen.add(key);
    const entry = this.shard.get(key);
    if (entry && entry.published && entry.hash === edgeContentHash(content))
      return { edgeVersion: entry.edgeVersion, createdAt: entry.createdAt };
    this.reportStale(
      `${this.vehicle} × ${content.charger} (${content.region}): ${!entry || !entry.published ? 'not in the ledger' : 'content changed'}`,
    );
    return entry
      ? { edgeVersion: entry.edgeVersion + 1, createdAt: entry.createdAt }
      : { edgeVersion: 1, createdAt: null };
  }

  /**
   * After the current vehicle's edges: published ledger edges that are no longer derived make the ledger stale.
   * `chargers`: when only some chargers' edges were derived (an incremental build), only theirs are looked at.
   */
  endVehicle(chargers?: ReadonlySet<string>): void {
    for (const [key, entry] of this.shard) {
      if (chargers && !chargers.has(entry.charger)) continue;
      if (entry.published && !this.seen.has(key))
        this.reportStale(`${this.vehicle} × ${entry.charger} (${entry.region}): in the ledger but no longer derived`);
    }
  }

  private reportStale(message: string): void {
    if (this.mode === 'provisional') return;
    this.stale.count += 1;
    if (this.stale.listed.length < LISTED) this.stale.listed.push({ vehicle: this.vehicle, message });
  }
}
