// The exports of a release (NDJSON, CSV, SQLite), written in one pass over the tree a publishing build committed: each
// vehicle's edges are read once and handed to every format. Counts are checked against /api/v1 before anything is kept.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { ExportInfo, IndexInfo } from '../api/schemas.ts';
import { EXPORT_FILES } from '../core/export-files.ts';
import { layout } from '../render/layout.ts';
import { CsvExport } from './csv-export.ts';
import type { ExportWriter } from './export-writer.ts';
import { NdjsonExport } from './ndjson-export.ts';
import { ReleaseTree } from './release-tree.ts';
import { SqliteExport } from './sqlite-export.ts';

export interface ReleaseStamp {
  datasetVersion: string;
  releasedAt: string;
  dataDigest: string;
}

/** A file's size and SHA-256, read in 1 MB pieces. */
function digestOf(file: string): { bytes: number; sha256: string } {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1024 * 1024);
  const fd = openSync(file, 'r');
  let bytes = 0;
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      hash.update(buffer.subarray(0, read));
      bytes += read;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}

type Format = 'ndjson' | 'csv' | 'sqlite';

export interface ExportsResult {
  files: ExportInfo[];
  /** Milliseconds each format spent writing, by format; `read`: reading the tree, shared by all. */
  ms: Record<Format | 'read', number>;
}

/** The release's versions and licences, as the SQLite file's metadata table holds them. */
const metadataOf = (index: IndexInfo, release: ReleaseStamp): Record<string, string> => ({
  apiVersion: index.apiVersion,
  datasetVersion: release.datasetVersion,
  derivationVersion: index.derivationVersion,
  releasedAt: release.releasedAt,
  dataDigest: release.dataDigest,
  licenseCode: index.license.code,
  licenseData: index.license.data,
  licenseUrl: index.license.url,
  attribution: index.license.attribution,
});

/** Writes every export of the tree at `publicDir` into `outDir` (an empty folder). */
export function writeExports(publicDir: string, outDir: string, release: ReleaseStamp): ExportsResult {
  const tree = new ReleaseTree(publicDir);
  const { index } = tree;
  if (index.datasetVersion !== release.datasetVersion)
    throw new Error(
      `exports: the tree holds dataset ${index.datasetVersion}, not the release ${release.datasetVersion}`,
    );
  const started = performance.now();
  const ms = { read: 0, ndjson: 0, csv: 0, sqlite: 0 };
  const timed = <T>(format: Format, task: () => T): T => {
    const begun = performance.now();
    try {
      return task();
    } finally {
      ms[format] += performance.now() - begun;
    }
  };
  const writers: [Format, ExportWriter][] = [
    ['ndjson', timed('ndjson', () => new NdjsonExport(outDir))],
    ['csv', timed('csv', () => new CsvExport(outDir))],
    ['sqlite', timed('sqlite', () => new SqliteExport(outDir, metadataOf(index, release)))],
  ];
  const each = (task: (writer: ExportWriter) => void) => {
    for (const [format, writer] of writers) timed(format, () => task(writer));
  };
  const counts = { vehicles: 0, chargers: 0, edges: 0 };
  for (const vehicle of tree.vehicles()) {
    counts.vehicles += 1;
    each((writer) => writer.vehicle(vehicle));
  }
  for (const charger of tree.chargers()) {
    counts.chargers += 1;
    each((writer) => writer.charger(charger));
  }
  for (const edges of tree.edgesByVehicle()) {
    counts.edges += edges.length;
    each((writer) => writer.edges(edges));
  }
  const sources = tree.sources();
  each((writer) => writer.finish(sources));
  // What the formats did not spend was spent reading the tree.
  ms.read = performance.now() - started - ms.ndjson - ms.csv - ms.sqlite;
  for (const key of ['vehicles', 'chargers', 'edges'] as const)
    if (counts[key] !== index.counts[key])
      throw new Error(`exports: ${counts[key]} ${key} read from the tree, /api/v1 counts ${index.counts[key]}`);
  const files = EXPORT_FILES.map(({ name }) => {
    const { bytes, sha256 } = digestOf(path.join(outDir, name));
    return { name, path: `/${layout.exportFile(name)}`, bytes, sha256 };
  });
  return { files, ms };
}
