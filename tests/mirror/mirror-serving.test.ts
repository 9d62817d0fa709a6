// A mirror answers exactly as the original, the bundle is deterministic, a release reaches mirrors with the record of
// what changed, and the changes feed is valid Atom.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorInfo, ReleaseChanges } from '../../build/api/schemas.ts';
import { syncMirror } from '../../build/mirror/sync-mirror.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { startServer, type RunningServer } from '../../build/serve/server.ts';
import { runCli } from '../helpers/cli.ts';
import {
  copyBuiltFixture,
  copyFixture,
  editData,
  listFiles,
  NETLIFY_TOML,
  treeDigest,
  MINI_RELEASES,
  MINI_VERSION,
  NEXT_MINI_VERSION,
} from '../helpers/fixture.ts';
import { rawRequest, type RawResponse } from '../helpers/http.ts';
import { publicRoutes } from '../helpers/routes.ts';

const quiet = { update: () => {}, done: () => {} };
const PAIR = { vehicle: 'volt-a-400-2024', charger: 'amp-hpc-350' };

describe('a mirror served with npm run serve -- --dir', () => {
  let project: string;
  let original: RunningServer;
  let mirror: RunningServer;
  beforeAll(async () => {
    project = await copyBuiltFixture();
    original = await startServer({ publicDir: path.join(project, 'public'), netlifyToml: NETLIFY_TOML, log: () => {} });
    const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-mirror-')), 'mirror');
    const fetching = await startServer({
      publicDir: path.join(project, 'public'),
      netlifyToml: NETLIFY_TOML,
      log: () => {},
      noRateLimit: true,
    });
    await syncMirror({ base: fetching.url, folder, progress: quiet });
    await fetching.close();
    // The mirror is served from its own folder: its own netlify.toml and public/.
    mirror = await startServer({
      publicDir: path.join(folder, 'public'),
      netlifyToml: path.join(folder, 'netlify.toml'),
      log: () => {},
    });
  });
  afterAll(async () => {
    await original?.close();
    await mirror?.close();
  });

  /** Status, body and headers, the clock-dependent ones aside. */
  const comparable = (res: RawResponse) => {
    const { date: _date, 'x-ratelimit-reset': reset, 'keep-alive': _k, connection: _c, ...headers } = res.headers;
    return { status: res.status, body: res.body, headers, resetSet: reset !== undefined };
  };

  it('answers every published URL and the error cases exactly as the original', async () => {
    const requests = new Set<string>();
    for (const file of listFiles(path.join(project, 'public')))
      for (const route of publicRoutes(file, PAIR) ?? [])
        requests.add(`${route.path}${route.query ? `?${route.query}` : ''}`);
    for (const extra of [
      '/api/v1/mirror.json',
      `/api/v1/mirror/${MINI_VERSION}.tar.gz`,
      '/api/v1/changes',
      `/api/v1/changes/${MINI_VERSION}`,
      '/api/v1/changes.atom',
      '/api/v1/vehicles//compatibility',
      '/api/v1/nope',
      '/%61pi/v1',
      '/api/v1/vehicles/%E0%A4%A',
    ])
      requests.add(extra);
    expect(requests.size).toBeGreaterThan(150);
    let n = 0;
    for (const request of requests) {
      // A fresh client address every 50 requests keeps both limiters in step, far from the limit.
      const localAddress = `127.0.9.${1 + Math.floor(n++ / 50)}`;
      const [a, b] = [
        await rawRequest({ port: original.port, path: request, localAddress }),
        await rawRequest({ port: mirror.port, path: request, localAddress }),
      ];
      expect(comparable(b), request).toEqual(comparable(a));
    }
    for (const method of ['HEAD', 'OPTIONS', 'POST']) {
      const [a, b] = [
        await rawRequest({ port: original.port, path: '/api/v1', method, localAddress: '127.0.8.1' }),
        await rawRequest({ port: mirror.port, path: '/api/v1', method, localAddress: '127.0.8.1' }),
      ];
      expect(comparable(b), method).toEqual(comparable(a));
    }
  });

  it('caches the immutable bundle for a day but mirror.json, which names the current bundle, only briefly', async () => {
    const info = await rawRequest({ port: original.port, path: '/api/v1/mirror.json', localAddress: '127.0.7.1' });
    const bundle = await rawRequest({
      port: original.port,
      path: JSON.parse(info.body).bundle.path,
      localAddress: '127.0.7.1',
    });
    expect([info.status, info.headers['content-type'], info.headers['cache-control']]).toEqual([
      200,
      'application/json; charset=utf-8',
      'public, max-age=300',
    ]);
    expect([bundle.status, bundle.headers['content-type'], bundle.headers['cache-control']]).toEqual([
      200,
      'application/gzip',
      'public, max-age=86400, immutable',
    ]);
  });
});

describe('the bundle', () => {
  const bundleOf = async (root: string) => {
    const publicDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-bundle-')), 'public');
    await buildSite({ root, publicDir });
    const info = JSON.parse(readFileSync(path.join(publicDir, 'api/v1/mirror.json'), 'utf8')) as MirrorInfo;
    return { info, bytes: readFileSync(path.join(publicDir, info.bundle.path)) };
  };

  it('is byte-identical for the same data: built twice, and from a copy whose rows are in another order', async () => {
    const root = copyFixture();
    const shuffled = copyFixture();
    for (const file of ['vehicles.csv', 'vehicle_regions.csv', 'charger_connectors.csv', 'chargers.csv']) {
      editData(shuffled, file, (t) => {
        const [header, ...rows] = t.trimEnd().split('\n');
        return `${[header, ...rows.reverse()].join('\n')}\n`;
      });
    }
    const [a, b, c] = [await bundleOf(root), await bundleOf(root), await bundleOf(shuffled)];
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.equals(c.bytes)).toBe(true);
    expect(a.info).toEqual(c.info);
    // The gzip header carries no time and a fixed operating system byte.
    expect([...a.bytes.subarray(4, 10)]).toEqual([0, 0, 0, 0, 0, 3]);
  });
});

describe('a release between two syncs', () => {
  it('reaches the mirror, and /api/v1/changes/{version} lists exactly the edges whose content changed', async () => {
    const project = await copyBuiltFixture();
    const served = await startServer({
      publicDir: path.join(project, 'public'),
      netlifyToml: NETLIFY_TOML,
      log: () => {},
      noRateLimit: true,
      treeCheckIntervalMs: 0,
    });
    const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-mirror-')), 'mirror');
    try {
      await syncMirror({ base: served.url, folder, progress: quiet });
      const before = treeDigest(path.join(folder, 'public/api/v1/_data/edges'));
      // Volt B gets a boost figure, Volt A leaves Great Britain: edges change and one goes.
      editData(project, 'vehicles.csv', (t) =>
        t.replace(
          'volt-b-800-2024,Fixture,Volt B,800,2024,77,fixture-spec,800,fixture-spec,230,fixture-spec,,,',
          'volt-b-800-2024,Fixture,Volt B,800,2024,77,fixture-spec,800,fixture-spec,230,fixture-spec,50,fixture-spec,',
        ),
      );
      editData(project, 'vehicle_regions.csv', (t) =>
        t
          .split('\n')
          .filter((line) => !line.startsWith('volt-a-400-2024,GB'))
          .join('\n'),
      );
      expect((await runCli('release', ['--root', project, '--date', '2026-03-01'])).status).toBe(0);
      await buildSite({ root: project });
      expect(await syncMirror({ base: served.url, folder, progress: quiet })).toMatchObject({
        outcome: 'updated',
        datasetVersion: NEXT_MINI_VERSION,
      });
      const after = treeDigest(path.join(folder, 'public/api/v1/_data/edges'));
      const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
        .filter((file) => before[file] !== after[file])
        .sort();
      const mirrored = await startServer({
        publicDir: path.join(folder, 'public'),
        netlifyToml: path.join(folder, 'netlify.toml'),
        log: () => {},
      });
      try {
        const listed = JSON.parse(
          (await rawRequest({ port: mirrored.port, path: `/api/v1/changes/${NEXT_MINI_VERSION}` })).body,
        ) as ReleaseChanges;
        expect(listed.edges.map((edge) => `${edge.region}/${edge.vehicle}/${edge.charger}.json`).sort()).toEqual(
          changed,
        );
        expect(listed.edges.find((edge) => edge.change === 'removed')).toMatchObject({
          vehicle: 'volt-a-400-2024',
          region: 'GB',
          to: null,
        });
        const list = JSON.parse((await rawRequest({ port: mirrored.port, path: '/api/v1/changes' })).body) as {
          releases: { datasetVersion: string }[];
        };
        expect(list.releases.map((release) => release.datasetVersion)).toEqual([NEXT_MINI_VERSION, ...MINI_RELEASES()]);
      } finally {
        await mirrored.close();
      }
    } finally {
      await served.close();
    }
  });
});

describe('the changes feed', () => {
  it('is well-formed Atom 1.0 with the elements a feed and its entries require', async () => {
    const project = copyFixture();
    editData(project, 'vehicles.csv', (t) => t.replace('Volt A,400,2024,60', 'Volt A,400,2024,61'));
    await runCli('release', ['--root', project, '--date', '2026-03-01']);
    await buildSite({ root: project });
    const text = readFileSync(path.join(project, 'public/api/v1/changes.atom'), 'utf8');
    expect(XMLValidator.validate(text)).toBe(true);
    const { feed } = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => name === 'entry' || name === 'link',
    }).parse(text) as { feed: Record<string, any> };
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    for (const element of ['id', 'title', 'updated', 'author']) expect(feed[element], element).toBeDefined();
    expect(feed.updated).toBe('2026-03-01T00:00:00Z');
    expect(feed.link.map((link: any) => link['@_rel'])).toContain('self');
    expect(feed.entry.map((entry: any) => entry.title)).toEqual(
      [NEXT_MINI_VERSION, ...MINI_RELEASES()].map((version) => `Dataset ${version}`),
    );
    for (const entry of feed.entry)
      for (const element of ['id', 'title', 'updated', 'summary']) expect(entry[element], element).toBeDefined();
    expect(feed.entry[0].summary).toBe(
      'Edges: 0 added, 0 changed, 0 removed. Vehicles: 0 added, 1 changed, 0 removed. Charger models: 0 added, 0 changed, 0 removed.',
    );
  });
});
