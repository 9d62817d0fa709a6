// data/releases/: what each dataset release changed (the record /api/v1/changes publishes), and the published vehicle
// and charger documents of the last release (resources.jsonl), against which the next release finds field changes.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Region } from '../core/regions.ts';
import type { State } from '../core/vocabulary.ts';

export const RELEASES_DIR = 'releases';
const SNAPSHOT = 'resources.jsonl';

export interface StateAndKw {
  state: State;
  kw: number;
}

export interface EdgeChange {
  vehicle: string;
  charger: string;
  region: Region;
  change: 'added' | 'changed' | 'removed';
  from: StateAndKw | null;
  to: StateAndKw | null;
  /** The edge's version after this release (for a removed edge: its last published version). */
  edgeVersion: number;
}

export interface ResourceChanges {
  added: string[];
  removed: string[];
  changed: { slug: string; fields: string[] }[];
}

export interface ReleaseRecord {
  datasetVersion: string;
  previous: string | null;
  releasedAt: string;
  /** Set for releases made before records were kept: what they changed is not known. */
  note?: string;
  vehicles: ResourceChanges;
  chargers: ResourceChanges;
  edges: EdgeChange[];
}

/** One published vehicle or charger document, as the snapshot keeps it. */
export interface SnapshotLine {
  kind: 'vehicle' | 'charger';
  slug: string;
  document: Record<string, unknown>;
}

const recordFile = (dataDir: string, version: string) => path.join(dataDir, RELEASES_DIR, `${version}.json`);

/** Every release record, newest first (by release date, then version). */
export function readReleaseRecords(dataDir: string): ReleaseRecord[] {
  const dir = path.join(dataDir, RELEASES_DIR);
  if (!existsSync(dir)) return [];
  const records = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReleaseRecord);
  const versionKey = (v: string) =>
    v
      .split('.')
      .map((part) => part.padStart(6, '0'))
      .join('.');
  return records.sort(
    (a, b) =>
      b.releasedAt.localeCompare(a.releasedAt) ||
      versionKey(b.datasetVersion).localeCompare(versionKey(a.datasetVersion)),
  );
}

/** Writes a record with one edge per line, so that a release's diff in git stays readable. */
export function writeReleaseRecord(dataDir: string, record: ReleaseRecord): void {
  mkdirSync(path.join(dataDir, RELEASES_DIR), { recursive: true });
  const { edges, ...head } = record;
  const headJson = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  const edgeLines = edges.map((edge) => `    ${JSON.stringify(edge)}`).join(',\n');
  writeFileSync(
    recordFile(dataDir, record.datasetVersion),
    `${headJson},\n  "edges": [${edges.length > 0 ? `\n${edgeLines}\n  ` : ''}]\n}\n`,
  );
}

export function readSnapshot(dataDir: string): SnapshotLine[] {
  const file = path.join(dataDir, RELEASES_DIR, SNAPSHOT);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as SnapshotLine);
}

export function writeSnapshot(dataDir: string, lines: readonly SnapshotLine[]): void {
  mkdirSync(path.join(dataDir, RELEASES_DIR), { recursive: true });
  writeFileSync(path.join(dataDir, RELEASES_DIR, SNAPSHOT), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}
