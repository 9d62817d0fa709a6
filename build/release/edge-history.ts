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

export class EdgeHistory {
  readonly stale: string[] = [];
  private staleCount = 0;
  private shard = new Map<string, LedgerEntry>();
  private seen = new Set<string>();
  private vehicle = '';

  private readonly dataDir: string;
  readonly mode: HistoryMode;

  constructor(dataDir: string, mode: HistoryMode) {
    this.dataDir = dataDir;
    this.mode = mode;
  }

  get staleEdges(): number {
    return this.staleCount;
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
    this.staleCount += 1;
    if (this.stale.length < LISTED) this.stale.push(message);
  }
}
