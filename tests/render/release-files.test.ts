// releaseFiles: the release documents rendered and validated once per content of data/releases/ (and code version),
// again when a record changes, never kept when a document fails its schema.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDocumentValidator, type DocumentValidator } from '../../build/api/validate-documents.ts';
import { writeReleaseRecord, type ReleaseRecord } from '../../build/data/release-records.ts';
import { releaseDigest, releaseFiles } from '../../build/render/release-files.ts';

const record = (version: string, previous: string | null, releasedAt: string): ReleaseRecord => ({
  datasetVersion: version,
  previous,
  releasedAt,
  vehicles: { added: ['volt-a-2024'], removed: [], changed: [] },
  chargers: { added: [], removed: [], changed: [] },
  edges: [
    {
      vehicle: 'volt-a-2024',
      charger: 'amp-hpc-350',
      region: 'EU',
      change: 'added',
      from: null,
      to: { state: 'ok', kw: 150 },
      edgeVersion: 1,
    },
  ],
});

function setUp() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ev-release-files-'));
  const dataDir = path.join(root, 'data');
  writeReleaseRecord(dataDir, record('1.0.0', null, '2026-01-01'));
  writeReleaseRecord(dataDir, record('1.1.0', '1.0.0', '2026-02-01'));
  const checked: string[] = [];
  const real = createDocumentValidator();
  const validate: DocumentValidator = (at, kind, document) => {
    checked.push(at);
    real(at, kind, document);
  };
  return { dataDir, cacheRoot: path.join(root, 'cache'), validate, checked };
}

describe('releaseFiles', () => {
  it('renders the list, one document per release (newest first) and the feed, each document validated', () => {
    const { dataDir, cacheRoot, validate, checked } = setUp();
    const { files, examples } = releaseFiles(dataDir, releaseDigest(dataDir), validate, { cacheRoot });
    expect(files.map((file) => file.path)).toEqual([
      'api/v1/_data/changes.json',
      'api/v1/_data/changes/1.1.0.json',
      'api/v1/_data/changes/1.0.0.json',
      'api/v1/changes.atom',
    ]);
    expect(checked).toEqual(files.slice(0, 3).map((file) => file.path));
    expect(JSON.parse(files[1]!.body)).toMatchObject({ datasetVersion: '1.1.0', previous: '1.0.0' });
    expect(examples['/api/v1/changes/{datasetVersion}']).toMatchObject({
      url: '/api/v1/changes/1.1.0',
      itemsInFull: 1,
    });
  });

  it('takes the same records from the cache without rendering them again, and renders a changed record again', () => {
    const { dataDir, cacheRoot, validate, checked } = setUp();
    const first = releaseFiles(dataDir, releaseDigest(dataDir), validate, { cacheRoot });
    checked.length = 0;
    expect(releaseFiles(dataDir, releaseDigest(dataDir), validate, { cacheRoot })).toEqual(first);
    expect(checked).toEqual([]);
    writeReleaseRecord(dataDir, { ...record('1.1.0', '1.0.0', '2026-02-01'), releasedAt: '2026-02-02' });
    const again = releaseFiles(dataDir, releaseDigest(dataDir), validate, { cacheRoot });
    expect(checked.length).toBe(3);
    expect(JSON.parse(again.files[1]!.body)).toMatchObject({ releasedAt: '2026-02-02' });
  });

  it('keeps nothing when a document fails its schema: the next build validates again', () => {
    const { dataDir, cacheRoot, validate, checked } = setUp();
    const refuse: DocumentValidator = (at) => {
      throw new Error(`${at} refused`);
    };
    expect(() => releaseFiles(dataDir, releaseDigest(dataDir), refuse, { cacheRoot })).toThrow(
      'api/v1/_data/changes.json refused',
    );
    releaseFiles(dataDir, releaseDigest(dataDir), validate, { cacheRoot });
    expect(checked.length).toBe(3);
  });

  it('gives the examples alone without the files when asked, from the same cache entry', () => {
    const { dataDir, cacheRoot, validate, checked } = setUp();
    const digest = releaseDigest(dataDir);
    const only = releaseFiles(dataDir, digest, validate, { withFiles: false, cacheRoot });
    expect(only.files).toEqual([]);
    expect(Object.keys(only.examples)).toEqual(['/api/v1/changes', '/api/v1/changes/{datasetVersion}']);
    checked.length = 0;
    expect(releaseFiles(dataDir, digest, validate, { cacheRoot }).files.length).toBe(4);
    expect(checked).toEqual([]);
  });

  it('releaseDigest changes with a record and only then', () => {
    const { dataDir } = setUp();
    const digest = releaseDigest(dataDir);
    expect(releaseDigest(dataDir)).toBe(digest);
    writeReleaseRecord(dataDir, record('1.2.0', '1.1.0', '2026-03-01'));
    expect(releaseDigest(dataDir)).not.toBe(digest);
  });
});
