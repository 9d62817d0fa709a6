// The local server while the tree's last files are still being written (npm start): a request for one of them waits
// and then gets the written file; every other request is answered at once.
import { mkdtempSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED_AFTER_COMMIT } from '../../build/render/layout.ts';
import { startServer, type RunningServer } from '../../build/serve/server.ts';
import { copyBuiltFixture, NETLIFY_TOML } from '../helpers/fixture.ts';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A built site whose mirror.json and exports folder are set aside: moved back, they are "published". */
async function siteBeingPublished(): Promise<{ publicDir: string; publish: () => void }> {
  const publicDir = path.join(await copyBuiltFixture('enforce'), 'public');
  const aside = mkdtempSync(path.join(os.tmpdir(), 'ev-aside-'));
  const moved = ['api/v1/mirror.json', 'api/v1/exports'];
  for (const [i, file] of moved.entries()) renameSync(path.join(publicDir, file), path.join(aside, String(i)));
  return {
    publicDir,
    publish: () => {
      for (const [i, file] of moved.entries()) renameSync(path.join(aside, String(i)), path.join(publicDir, file));
    },
  };
}

/** Whether the promise settles within `ms` (it is left running either way). */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe('a request for a file still being published', () => {
  it('waits until it is written, and gets it; other requests are answered meanwhile', async () => {
    const site = await siteBeingPublished();
    let done!: () => void;
    const written = new Promise<void>((resolve) => (done = resolve));
    server = await startServer({
      publicDir: site.publicDir,
      netlifyToml: NETLIFY_TOML,
      port: 0,
      log: () => {},
      // A long interval: only the end of the publication can make the server see the moved-back files.
      treeCheckIntervalMs: 3_600_000,
      publishing: { paths: PUBLISHED_AFTER_COMMIT, done: written },
    });
    const mirror = fetch(`${server.url}/api/v1/mirror.json`);
    const csv = fetch(`${server.url}/api/v1/exports/vehicles.csv/`);
    expect((await fetch(`${server.url}/api/v1`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/mirror.jsonx`)).status).toBe(404);
    expect(await settlesWithin(mirror, 300)).toBe(false);
    expect(await settlesWithin(csv, 0)).toBe(false);
    site.publish();
    done();
    const [mirrorAnswer, csvAnswer] = await Promise.all([mirror, csv]);
    expect(mirrorAnswer.status).toBe(200);
    expect(((await mirrorAnswer.json()) as { bundle: { path: string } }).bundle.path).toMatch(/^\/api\/v1\/mirror\//);
    expect(csvAnswer.status).toBe(200);
    expect(await csvAnswer.text()).toMatch(/^id,slug,/);
  });

  it('once a publication has failed, gets what the tree holds (404), without waiting', async () => {
    const site = await siteBeingPublished();
    const failed = Promise.reject(new Error('no space left'));
    failed.catch(() => {});
    server = await startServer({
      publicDir: site.publicDir,
      netlifyToml: NETLIFY_TOML,
      port: 0,
      log: () => {},
      publishing: { paths: PUBLISHED_AFTER_COMMIT, done: failed },
    });
    const answer = await fetch(`${server.url}/api/v1/mirror.json`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'not_found' });
  });
});
