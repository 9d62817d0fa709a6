// The release documents (/api/v1/changes, one per release, the Atom feed) and the reference page's examples of them,
// rendered and validated once per content of data/releases/ and code version (the derived cache): reading, rendering
// and validating every release's record (23 MB of them for the shipped data) took 0.7–1.3 s of every build, a
// rebuild after one row included, though they change only when a release is made. A rebuild whose records did not
// change (the build state keeps their digest) takes only the examples: the files in public/ are already these.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DocumentValidator } from '../api/validate-documents.ts';
import { readReleaseRecords, RELEASES_DIR } from '../data/release-records.ts';
import { readCachedValue, storeCachedValue } from '../infra/derived-cache.ts';
import { ReadBuffer } from '../infra/read-buffer.ts';
import { changesFeed, changesListDocument, releaseChangesDocument } from './changes-feed.ts';
import { layout } from './layout.ts';
import { shortList, type Example } from './reference-page.ts';
import { apiFile } from './site-file.ts';

export interface ReleaseFiles {
  /** The files, each validated against its schema before it was kept; none when the caller has them already. */
  files: { path: string; body: string }[];
  /** The reference page's examples of /api/v1/changes and of the newest release's document. */
  examples: Record<string, Example>;
}

/** The digest of the release records' file names and bytes, in name order: what the release files derive from. */
export function releaseDigest(dataDir: string): string {
  const dir = path.join(dataDir, RELEASES_DIR);
  const hash = createHash('sha256');
  if (existsSync(dir)) {
    const buffer = new ReadBuffer();
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort())
      hash.update(`${name}\0`).update(buffer.read(path.join(dir, name)));
  }
  return hash.digest('hex').slice(0, 24);
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

/**
 * The release files of data/releases/ (`digest`: releaseDigest's), from the cache when the records and the code are
 * those it was made from; with `withFiles` false only the examples (the files and the examples are kept apart, so that
 * a rebuild that does not write the files does not read them).
 */
export function releaseFiles(
  dataDir: string,
  digest: string,
  validate: DocumentValidator,
  { withFiles = true, cacheRoot }: { withFiles?: boolean; cacheRoot?: string } = {},
): ReleaseFiles {
  const key = Buffer.from(digest);
  const examples = readCachedValue<ReleaseFiles['examples']>('release-examples', key, cacheRoot);
  const files = withFiles ? readCachedValue<ReleaseFiles['files']>('release-files', key, cacheRoot) : [];
  if (examples && files) return { files, examples };
  const rendered = renderReleaseFiles(dataDir, validate);
  storeCachedValue('release-files', key, rendered.files, cacheRoot);
  storeCachedValue('release-examples', key, rendered.examples, cacheRoot);
  return withFiles ? rendered : { files: [], examples: rendered.examples };
}
