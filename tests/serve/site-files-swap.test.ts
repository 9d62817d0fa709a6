// The local server's files follow public/ when a build switches the link: one release per index, re-read on the swap.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout } from '../../build/render/layout.ts';
import { SiteFiles } from '../../build/serve/site-files.ts';
import { runCli } from '../helpers/cli.ts';
import { copyBuiltFixture, editData } from '../helpers/fixture.ts';

const vehicle = layout.vehicle('volt-a-400-2024');
const body = (files: SiteFiles) => files.read(vehicle)!.body!.toString('utf8');

describe('SiteFiles on a public/ link', () => {
  it('serves the release the link names, and the new one once a build switched it', async () => {
    const root = await copyBuiltFixture('provisional');
    const files = new SiteFiles(path.join(root, 'public'), { checkIntervalMs: 0 });
    expect(body(files)).toContain('"trim":"400"');
    editData(root, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,400,', 'Fixture,Volt A,401,'));
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    // Until it looks again, the index and the cached bytes are the previous release's, which is still on disk.
    expect(body(files)).toContain('"trim":"400"');
    files.refresh();
    expect(body(files)).toContain('"trim":"401"');
  });

  it('serves a pinned folder (npm start: the new release before the swap) until unpinned', async () => {
    const root = await copyBuiltFixture('provisional');
    const other = await copyBuiltFixture('provisional');
    editData(other, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,400,', 'Fixture,Volt A,402,'));
    expect((await runCli('build', ['--root', other, '--preview'])).status).toBe(0);
    const files = new SiteFiles(path.join(root, 'public'), { checkIntervalMs: 0, pinned: path.join(other, 'public') });
    files.refresh();
    expect(body(files)).toContain('"trim":"402"');
    files.unpin();
    files.reload();
    expect(body(files)).toContain('"trim":"400"');
  });
});
