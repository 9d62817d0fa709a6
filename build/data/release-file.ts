// data/release.yaml: the dataset version, its release date, and the digest of the data it was made from.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cachedValue } from '../infra/derived-cache.ts';
import { yamlLibrary } from './yaml-on-demand.ts';
import type { Dataset } from './dataset.ts';

export const RELEASE_FILE = 'release.yaml';

export interface Release {
  datasetVersion: string;
  releasedAt: string;
  /** Digest of what the data files say (not the ledger): the build refuses to publish data that changed since the release. */
  dataDigest: string;
}

/**
 * Digest of what the data says: every table's rows as loaded, in their canonical order. Reordering rows or
 * re-spacing cells (npm run fix) does not change it; any change of a value does.
 */
export function dataDigest(data: Dataset): string {
  const hash = createHash('sha256');
  const tables: [string, unknown][] = [
    ['sources', [...data.sources.values()]],
    ['connectors', [...data.connectors.values()]],
    ['protocols', data.protocols],
    ['adapters', data.adapters],
    ['vehicles', data.vehicles],
    ['vehicleRegions', [...data.vehicleRegions.values()].flatMap((regions) => [...regions.values()])],
    ['chargers', data.chargers],
    ['chargerConnectors', [...data.chargerConnectors.values()].flatMap((regions) => [...regions.values()].flat())],
    ['observations', [...data.observations.values()]],
    ['aliases', data.aliases],
    // Published documents of their own (the vehicles already carry their platforms' facts).
    ['networks', data.networks],
  ];
  for (const [name, rows] of tables) hash.update(`${name}\0${JSON.stringify(rows)}\0`);
  return hash.digest('hex').slice(0, 16);
}

export function readRelease(dataDir: string): Release | null {
  const file = path.join(dataDir, RELEASE_FILE);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  const value = cachedValue(
    'release',
    bytes,
    () => yamlLibrary().parse(bytes.toString('utf8')) as Partial<Release> | null,
  );
  if (!value?.datasetVersion || !value.releasedAt || !value.dataDigest)
    throw new Error(`data/${RELEASE_FILE} needs datasetVersion, releasedAt and dataDigest`);
  return {
    datasetVersion: String(value.datasetVersion),
    releasedAt: String(value.releasedAt),
    dataDigest: String(value.dataDigest),
  };
}

export function writeRelease(dataDir: string, release: Release): void {
  const header = '# Written by `npm run release`; do not edit by hand.\n';
  writeFileSync(path.join(dataDir, RELEASE_FILE), header + yamlLibrary().stringify(release));
}

export type Bump = 'major' | 'minor' | 'patch';

export function bumpVersion(version: string | undefined, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = (version ?? '0.0.0').split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
