// The committed edge ledger: data/ledger/<vehicle>.csv, one row per edge ever published (hash, edgeVersion, first-published date).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Region } from '../core/regions.ts';
import { compareKeys, ROW_ORDER } from './order.ts';

export const LEDGER_DIR = 'ledger';
const HEADER = ['charger', 'region', 'hash', 'edge_version', 'created_at', 'published'];

export interface LedgerEntry {
  charger: string;
  region: Region;
  hash: string;
  edgeVersion: number;
  createdAt: string;
  /** False for an edge that was published once and is gone now: kept so that a returning edge continues its count. */
  published: boolean;
}

export const ledgerKey = (charger: string, region: string) => `${charger} ${region}`;
const shardFile = (dataDir: string, vehicle: string) => path.join(dataDir, LEDGER_DIR, `${vehicle}.csv`);

/** One vehicle's ledger rows, keyed by charger and region (empty when the vehicle has none yet). */
export function readShard(dataDir: string, vehicle: string): Map<string, LedgerEntry> {
  const file = shardFile(dataDir, vehicle);
  const entries = new Map<string, LedgerEntry>();
  if (!existsSync(file)) return entries;
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'), { skip_empty_lines: true }) as string[][];
  if (header?.join(',') !== HEADER.join(',')) throw new Error(`${path.relative(process.cwd(), file)}: the header must be ${HEADER.join(',')}`);
  for (const [charger, region, hash, version, createdAt, published] of rows) {
    entries.set(ledgerKey(charger!, region!), {
      charger: charger!,
      region: region as Region,
      hash: hash!,
      edgeVersion: Number(version),
      createdAt: createdAt!,
      published: published === 'yes',
    });
  }
  return entries;
}

export function writeShard(dataDir: string, vehicle: string, entries: Iterable<LedgerEntry>): void {
  const sorted = [...entries].sort((a, b) => compareKeys(ROW_ORDER.chargerConnectors({ ...a, connector: '' }), ROW_ORDER.chargerConnectors({ ...b, connector: '' })));
  const file = shardFile(dataDir, vehicle);
  if (sorted.length === 0) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = sorted.map((e) => [e.charger, e.region, e.hash, e.edgeVersion, e.createdAt, e.published ? 'yes' : 'no'].join(','));
  writeFileSync(file, `${[HEADER.join(','), ...lines].join('\n')}\n`);
}

/** Vehicles that have a ledger shard (including vehicles no longer in the data, whose edges are all unpublished). */
export function ledgerVehicles(dataDir: string): string[] {
  const dir = path.join(dataDir, LEDGER_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.csv')).map((f) => f.slice(0, -4)).sort();
}
