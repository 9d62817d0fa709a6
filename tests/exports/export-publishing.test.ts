// How a release's exports are published: named in mirror.json with their sizes and SHA-256, inside the bundle, served
// with their media types, byte-identical across builds, written only by a publishing build, and never half-written.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IndexInfo, MirrorInfo } from '../../build/api/schemas.ts';
import { createDocumentValidator } from '../../build/api/validate-documents.ts';
import { EXPORT_FILES } from '../../build/core/export-files.ts';
import { writeExports } from '../../build/exports/write-exports.ts';
import { readRelease } from '../../build/data/release-file.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { publishMirror } from '../../build/pipeline/publish-mirror.ts';
import { loadNetlifyConfig } from '../../build/serve/netlify-config.ts';
import { copyBuiltFixture, copyFixture, NETLIFY_TOML, sharedSite, treeDigest } from '../helpers/fixture.ts';
import { useServer } from '../helpers/http.ts';

const site = sharedSite('mini');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const mirrorInfo = (publicDir: string) =>
  JSON.parse(readFileSync(path.join(publicDir, 'api/v1/mirror.json'), 'utf8')) as MirrorInfo;
const exportsOf = (publicDir: string) => path.join(publicDir, 'api/v1/exports');

describe('mirror.json and the bundle', () => {
  it('name every export with its path, size and SHA-256, and the bundle holds the same bytes', () => {
    const info = mirrorInfo(site.publicDir);
    expect(info.exports.map((file) => file.name)).toEqual(EXPORT_FILES.map((file) => file.name));
    expect(readdirSync(exportsOf(site.publicDir)).sort()).toEqual(EXPORT_FILES.map((file) => file.name).sort());
    const unpacked = mkdtempSync(path.join(os.tmpdir(), 'ev-bundle-'));
    execFileSync('tar', ['-xzf', path.join(site.publicDir, info.bundle.path), '-C', unpacked]);
    const sums = readFileSync(path.join(unpacked, 'SHA256SUMS'), 'utf8');
    for (const file of info.exports) {
      const bytes = readFileSync(path.join(site.publicDir, file.path));
      expect(file.path).toBe(`/api/v1/exports/${file.name}`);
      expect([file.bytes, file.sha256], file.name).toEqual([bytes.length, sha256(bytes)]);
      expect(sha256(readFileSync(path.join(unpacked, 'public', file.path))), file.name).toBe(file.sha256);
      expect(sums).toContain(`${file.sha256}  public${file.path}\n`);
    }
  });
});

describe('served at /api/v1/exports/{name}', () => {
  const running = useServer(() => site, { noRateLimit: true });

  it('with the media type of its header rule in netlify.toml, and the bytes mirror.json names', async () => {
    const config = await loadNetlifyConfig(NETLIFY_TOML);
    const { exports } = mirrorInfo(site.publicDir);
    for (const { name, mediaType } of EXPORT_FILES) {
      expect(config.headersFor(`/api/v1/exports/${name}`)['Content-Type'], name).toBe(mediaType);
      const res = await fetch(`${running.server.url}/api/v1/exports/${name}`);
      expect([res.status, res.headers.get('content-type')], name).toEqual([200, mediaType]);
      expect(sha256(Buffer.from(await res.arrayBuffer())), name).toBe(exports.find((f) => f.name === name)!.sha256);
    }
  });
});

describe('a publishing build', () => {
  it('writes byte-identical exports when the same data is built twice, in other folders (SQLite too)', async () => {
    const builds = await Promise.all(
      [copyFixture(), copyFixture()].map(async (root) => {
        await buildSite({ root, full: true });
        return path.join(root, 'public');
      }),
    );
    const digests = [site.publicDir, ...builds].map((publicDir) => treeDigest(exportsOf(publicDir)));
    expect(digests[1]).toEqual(digests[0]);
    expect(digests[2]).toEqual(digests[0]);
    const database = readFileSync(path.join(exportsOf(builds[0]!), 'dataset.sqlite'));
    expect(database.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  });

  it('leaves the exports alone when nothing changed, and a preview build publishes none', async () => {
    const root = await copyBuiltFixture();
    const publicDir = path.join(root, 'public');
    const before = statSync(path.join(exportsOf(publicDir), 'dataset.sqlite'));
    await buildSite({ root });
    expect(statSync(path.join(exportsOf(publicDir), 'dataset.sqlite')).ino).toBe(before.ino);
    await buildSite({ root, history: 'provisional' });
    expect(existsSync(exportsOf(publicDir))).toBe(false);
    expect(existsSync(path.join(publicDir, 'api/v1/mirror.json'))).toBe(false);
  });

  it('stops when the tree does not hold what /api/v1 counts, and leaves the published exports as they were', async () => {
    const root = await copyBuiltFixture();
    const publicDir = path.join(root, 'public');
    const before = treeDigest(exportsOf(publicDir));
    const indexFile = path.join(publicDir, 'api/v1/_data/index.json');
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as IndexInfo;
    writeFileSync(indexFile, JSON.stringify({ ...index, counts: { ...index.counts, edges: index.counts.edges + 1 } }));
    const release = readRelease(path.join(root, 'data'))!;
    await expect(publishMirror(publicDir, release, true, createDocumentValidator())).rejects.toThrow(
      `exports: ${index.counts.edges} edges read from the tree, /api/v1 counts ${index.counts.edges + 1}`,
    );
    expect(treeDigest(exportsOf(publicDir))).toEqual(before);
    expect(readdirSync(root).filter((name) => name.includes('exports'))).toEqual([]);
  });
  it("fails with the SQLite thread's own error when only dataset.sqlite cannot be written", async () => {
    const root = await copyBuiltFixture();
    const out = mkdtempSync(path.join(os.tmpdir(), 'ev-exports-'));
    mkdirSync(path.join(out, 'dataset.sqlite')); // a folder where the file goes: only the SQLite thread fails
    const release = readRelease(path.join(root, 'data'))!;
    await expect(writeExports(path.join(root, 'public'), out, release)).rejects.toThrow('unable to open database file');
    // The other thread wrote its formats in full all the same: the failure is the SQLite thread's alone.
    expect(readFileSync(path.join(out, 'edges.ndjson'), 'utf8')).toBe(
      readFileSync(path.join(exportsOf(path.join(root, 'public')), 'edges.ndjson'), 'utf8'),
    );
  });
});
