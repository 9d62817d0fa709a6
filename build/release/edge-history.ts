// Gives each edge its edgeVersion and createdAt from the ledger while the build renders, and finds a stale ledger.
import type { Dataset } from '../data/dataset.ts';
import { REGIONS } from '../core/regions.ts';
import { edgeContentHash, type EdgeContent, type EdgeStamp } from '../api/edge-content.ts';
import { ledgerKey, readShard, type LedgerEntry } from '../data/ledger.ts';

/**
 * enforce: every derived edge must be in the ledger, published, with the same content hash, and every published
 * ledger edge must still be derived; anything else is collected as a stale-ledger problem.
 * provisional: versions as a release would give them today, dates unknown (null) for new edges; never for publishing.
 */
export type HistoryMode = 'enforce' | 'provisional';

export class EdgeHistory {
  readonly stale: string[] = [];
  private staleCount = 0;
  private shard = new Map<string, LedgerEntry>();
  private seen = new Set<string>();
  private vehicle = '';
  // Stamps of every edge by (vehicle, charger, region) index, kept compact for the charger pass (0 = no edge / null date).
  private readonly versions: Uint32Array;
  private readonly dates: Uint32Array;
  private readonly dateTable: string[] = [''];
  private readonly dateIndex = new Map<string, number>();

  constructor(
    private readonly dataDir: string,
    private readonly data: Dataset,
    private readonly mode: HistoryMode,
  ) {
    const size = data.vehicles.length * data.chargers.length * REGIONS.length;
    this.versions = new Uint32Array(size);
    this.dates = new Uint32Array(size);
  }

  get staleEdges(): number {
    return this.staleCount;
  }

  beginVehicle(slug: string): void {
    this.vehicle = slug;
    this.shard = readShard(this.dataDir, slug);
    this.seen = new Set();
  }

  /** Stamps an edge of the current vehicle (vehicle pass). */
  stamp(vehicleIndex: number, chargerIndex: number, regionIndex: number, content: EdgeContent): EdgeStamp {
    const key = ledgerKey(content.charger, content.region);
    this.seen.add(key);
    const entry = this.shard.get(key);
    const hash = edgeContentHash(content);
    let stamp: EdgeStamp;
    if (entry && entry.published && entry.hash === hash) {
      stamp = { edgeVersion: entry.edgeVersion, createdAt: entry.createdAt };
    } else {
      this.reportStale(`${this.vehicle} × ${content.charger} (${content.region}): ${!entry || !entry.published ? 'not in the ledger' : 'content changed'}`);
      stamp = entry ? { edgeVersion: entry.edgeVersion + 1, createdAt: entry.createdAt } : { edgeVersion: 1, createdAt: null };
    }
    const index = this.index(vehicleIndex, chargerIndex, regionIndex);
    this.versions[index] = stamp.edgeVersion;
    this.dates[index] = this.dateId(stamp.createdAt);
    return stamp;
  }

  /** After the current vehicle's edges: published ledger edges that are no longer derived make the ledger stale. */
  endVehicle(): void {
    for (const [key, entry] of this.shard) {
      if (entry.published && !this.seen.has(key)) this.reportStale(`${this.vehicle} × ${entry.charger} (${entry.region}): in the ledger but no longer derived`);
    }
  }

  /** The stamp given to an edge in the vehicle pass (charger pass). */
  lookup(vehicleIndex: number, chargerIndex: number, regionIndex: number): EdgeStamp {
    const index = this.index(vehicleIndex, chargerIndex, regionIndex);
    const version = this.versions[index]!;
    if (version === 0) throw new Error(`edge ${vehicleIndex}/${chargerIndex}/${regionIndex} was not stamped in the vehicle pass`);
    const date = this.dates[index]!;
    return { edgeVersion: version, createdAt: date === 0 ? null : this.dateTable[date]! };
  }

  private reportStale(message: string): void {
    if (this.mode === 'provisional') return;
    this.staleCount += 1;
    if (this.stale.length < 20) this.stale.push(message);
  }

  private index(vehicleIndex: number, chargerIndex: number, regionIndex: number): number {
    return (vehicleIndex * this.data.chargers.length + chargerIndex) * REGIONS.length + regionIndex;
  }

  private dateId(date: string | null): number {
    if (date === null) return 0;
    let id = this.dateIndex.get(date);
    if (id === undefined) {
      id = this.dateTable.push(date) - 1;
      this.dateIndex.set(date, id);
    }
    return id;
  }
}
