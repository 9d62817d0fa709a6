// The release documents (/api/v1/changes, one per release, the Atom feed) and the reference page's examples of them,
// rendered and validated once per content of data/releases/ and code version (the derived cache): reading, rendering
// and validating every release's record (23 MB of them for the shipped data) took 0.7–1.3 s of every build, a
// rebuild after one row included, though they change only when a release is made.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentValidator } from '../api/validate-documents.ts';
import { readReleaseRecords, RELEASES_DIR } from '../data/release-records.ts';
import { cachedValue } from '../infra/derived-cache.ts';
import { changesFeed, changesListDocument, releaseChangesDocument } from './changes-feed.ts';
import { layout } from './layout.ts';
import { shortList, type Example } from './reference-page.ts';
import { apiFile } from './site-file.ts';

export interface ReleaseFiles {
  /** The files, each validated against its schema before it was kept. */
  files: { path: string; body: string }[];
  /** The reference page's examples of /api/v1/changes and of the newest release's document. */
  examples: Record<string, Example>;
}

/** The release records' file names and bytes, in name order: what the release files are derived from. */
function recordBytes(dataDir: string): Buffer {
  const dir = path.join(dataDir, RELEASES_DIR);
  if (!existsSync(dir)) return Buffer.alloc(0);
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return Buffer.concat(names.flatMap((name) => [Buffer.from(`${name}\0`), readFileSync(path.join(dir, name))]));
}

/** Renders and validates the release files (`validate` throws on a document its schema refuses). */
function renderReleaseFiles(dataDir: string, validate: DocumentValidator): ReleaseFiles {
  const releases = readReleaseRecords(dataDir);
  const changes = changesListDocument(releases);
  const documents = [
    apiFile(layout.changesList(), 'changes', changes),
    ...releases.map((record) =>
      apiFile(layout.releaseChanges(record.datasetVersion), 'release-changes', releaseChangesDocument(record)),
    ),
  ];
  for (const file of documents) validate(file.path, file.schema!, file.document);
  const examples: Record<string, Example> = { '/api/v1/changes': shortList('/api/v1/changes', changes, 'releases') };
  const newest = releases[0];
  if (newest)
    examples['/api/v1/changes/{datasetVersion}'] = shortList(
      `/api/v1/changes/${newest.datasetVersion}`,
      releaseChangesDocument(newest),
      'edges',
    );
  return {
    files: [
      ...documents.map(({ path: at, body }) => ({ path: at, body })),
      { path: layout.changesFeed(), body: changesFeed(releases) },
    ],
    examples,
  };
}

/** The release files of data/releases/, from the cache when the records and the code are those it was made from. */
export function releaseFiles(dataDir: string, validate: DocumentValidator, cacheRoot?: string): ReleaseFiles {
  return cachedValue('release-files', recordBytes(dataDir), () => renderReleaseFiles(dataDir, validate), cacheRoot);
}
