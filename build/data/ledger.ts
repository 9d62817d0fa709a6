// The committed edge ledger: data/ledger/<vehicle>.csv, one row per edge ever published (hash, edgeVersion, first-published date).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRegion, type Region } from '../core/regions.ts';
import { STATES, type State } from '../core/vocabulary.ts';
import { compareKeys, ROW_ORDER } from './order.ts';
import { DataError, type Problem } from './problems.ts';

export const LEDGER_DIR = 'ledger';
const HEADER = ['charger', 'region', 'hash', 'edge_version', 'created_at', 'published', 'state', 'kw'];

export interface LedgerEntry {
  charger: string;
  region: Region;
  hash: string;
  edgeVersion: number;
  createdAt: string;
  /** False for an edge that was published once and is gone now: kept so that a returning edge continues its count. */
  published: boolean;
  /** The state and kW last published, for the changes record of the next release. */
  state: State;
  kw: number;
}

export const ledgerKey = (charger: string, region: string) => `${charger} ${region}`;
/** Where a vehicle's shard is (it may not exist yet). */
export const shardFile = (dataDir: string, vehicle: string) => path.join(dataDir, LEDGER_DIR, `${vehicle}.csv`);

/** The shard's text ('' when the vehicle has none yet): what the build's input digest of the vehicle includes. */
export function shardText(dataDir: string, vehicle: string): string {
  return shardBytes(dataDir, vehicle).toString('utf8');
}

/** The shard's bytes (none when the vehicle has none yet). */
export function shardBytes(dataDir: string, vehicle: string): Buffer {
  const file = shardFile(dataDir, vehicle);
  return existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
}

/** What each cell of a ledger row must look like, by column. */
const CELL_RULES: [column: number, test: (cell: string) => boolean, must: string][] = [
  [0, (c) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(c), 'a charger slug'],
  [1, isRegion, 'a region'],
  [2, (c) => /^[0-9a-f]{16}$/.test(c), '16 hexadecimal digits'],
  [3, (c) => /^[1-9]\d*$/.test(c), 'a whole number from 1'],
  [4, (c) => /^\d{4}-\d{2}-\d{2}$/.test(c), 'a date YYYY-MM-DD'],
  [5, (c) => c === 'yes' || c === 'no', 'yes or no'],
  [6, (c) => (STATES as readonly string[]).includes(c), `one of ${STATES.join(', ')}`],
  [7, (c) => /^\d+(?:\.\d+)?$/.test(c), 'a number of kW'],
];

/** One vehicle's ledger rows, keyed by charger and region (empty when the vehicle has none yet); DataError when malformed. */
export function readShard(dataDir: string, vehicle: string): Map<string, LedgerEntry> {
  return parseShard(shardText(dataDir, vehicle), vehicle);
}

/** A shard's text as its rows, keyed by charger and region; DataError when malformed. */
export function parseShard(text: string, vehicle: string): Map<string, LedgerEntry> {
  const entries = new Map<string, LedgerEntry>();
  if (text === '') return entries;
  const file = `data/${LEDGER_DIR}/${vehicle}.csv`;
  const problems: Problem[] = [];
  const report = (line: number, column: number, message: string) =>
    problems.push({
      file,
      line,
      column,
      check: 'ledger',
      message,
      hint: 'the ledger is written by npm run release; restore it from git',
    });
  // The release writes plain cells (slugs, digits, dates: never a quote or a comma inside), so a line is its record;
  // anything else fails the cell rules below and is reported where it is.
  const records = text
    .split('\n')
    .map((line, index) => ({ record: line.replace(/\r$/, '').split(','), info: { lines: index + 1 } }))
    .filter(({ record }) => record.length > 1 || record[0] !== '');
  const [header, ...rows] = records;
  if (header && header.record.join(',') !== HEADER.join(',')) report(1, 1, `the header must be ${HEADER.join(',')}`);
  for (const { record, info } of rows) {
    if (record.length !== HEADER.length) {
      report(
        info.lines,
        Math.min(record.length, HEADER.length) + 1,
        `row has ${record.length} cells but the header has ${HEADER.length}`,
      );
      continue;
    }
    const bad = CELL_RULES.find(([column, test]) => !test(record[column]!));
    if (bad) {
      report(info.lines, bad[0] + 1, `${HEADER[bad[0]]} must be ${bad[2]}, got "${record[bad[0]]}"`);
      continue;
    }
    const [charger, region, hash, version, createdAt, published, state, kw] = record as [
      string,
      Region,
      string,
      string,
      string,
      string,
      State,
      string,
    ];
    entries.set(ledgerKey(charger, region), {
      charger,
      region,
      hash,
      edgeVersion: Number(version),
      createdAt,
      published: published === 'yes',
      state,
      kw: Number(kw),
    });
  }
  if (problems.length > 0) throw new DataError(problems);
  return entries;
}

export function writeShard(dataDir: string, vehicle: string, entries: Iterable<LedgerEntry>): void {
  const sorted = [...entries].sort((a, b) =>
    compareKeys(
      ROW_ORDER.chargerConnectors({ ...a, connector: '' }),
      ROW_ORDER.chargerConnectors({ ...b, connector: '' }),
    ),
  );
  const file = shardFile(dataDir, vehicle);
  if (sorted.length === 0) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = sorted.map((e) =>
    [e.charger, e.region, e.hash, e.edgeVersion, e.createdAt, e.published ? 'yes' : 'no', e.state, e.kw].join(','),
  );
  writeFileSync(file, `${[HEADER.join(','), ...lines].join('\n')}\n`);
}

/** Vehicles that have a ledger shard (including vehicles no longer in the data, whose edges are all unpublished). */
export function ledgerVehicles(dataDir: string): string[] {
  const dir = path.join(dataDir, LEDGER_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => f.slice(0, -4))
    .sort();
}
