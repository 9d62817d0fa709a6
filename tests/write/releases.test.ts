// The release folders behind public/: a build fills a new one and swaps the link; the previous one keeps its bytes, at
// most two are kept, a real public/ folder is adopted and a link elsewhere is refused.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { releasesDir } from '../../build/write/releases.ts';
import { runCli } from '../helpers/cli.ts';
import { copyBuiltFixture, editData, treeDigest } from '../helpers/fixture.ts';

/** The release folders (beside them, each served release's record of its changes: `.<release>-changes.json`). */
const folders = (publicDir: string) =>
  readdirSync(releasesDir(publicDir))
    .filter((name) => !name.startsWith('.'))
    .sort();

describe('one release folder per build', () => {
  it('a rebuild fills a new folder and swaps public to it; the previous folder keeps its bytes; two are kept', async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const first = realpathSync(publicDir);
    const before = treeDigest(first);
    editData(root, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,400,', 'Fixture,Volt A,401,'));
    const rebuilt = await runCli('build', ['--root', root, '--preview']);
    expect(rebuilt.stdout).toMatch(/\(incremental\): \d+ files rendered, [1-9]\d* written/);
    const second = realpathSync(publicDir);
    expect(second).not.toBe(first);
    expect(readlinkSync(publicDir)).toBe(`.public-releases/${path.basename(second)}`);
    expect(treeDigest(first)).toEqual(before);
    expect(treeDigest(second)).not.toEqual(before);
    expect(folders(publicDir)).toEqual([path.basename(first), path.basename(second)].sort());

    editData(root, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,401,', 'Fixture,Volt A,402,'));
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    expect(folders(publicDir)).toEqual([path.basename(second), path.basename(realpathSync(publicDir))].sort());
  });

  it("turns the folder two builds back into the new one by the last build's changes: the tree a build from nothing makes", async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const first = realpathSync(publicDir);
    const firstFolder = statSync(first).ino;
    // A first build lists no changes (every file is new): nothing is recorded beside it.
    expect(readdirSync(releasesDir(publicDir)).filter((name) => name.endsWith('-changes.json'))).toEqual([]);
    writeFileSync(path.join(publicDir, 'not-the-builds.txt'), 'kept as it is');
    // The second build changes files; the third deletes a vehicle's files and writes others.
    editData(root, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,400,', 'Fixture,Volt A,401,'));
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    for (const file of ['vehicles.csv', 'vehicle_regions.csv'])
      editData(root, file, (t) =>
        t
          .split('\n')
          .filter((line) => !line.startsWith('volt-f-no-dc-2024'))
          .join('\n'),
      );
    rmSync(path.join(root, 'data', 'ledger', 'volt-f-no-dc-2024.csv'));
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    const third = realpathSync(publicDir);
    // The same folder, renamed: brought up to date by what changed, not made anew.
    expect(statSync(third).ino).toBe(firstFolder);
    expect(existsSync(first)).toBe(false);
    const fresh = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-fresh-')), 'public');
    await buildSite({ root, publicDir: fresh, history: 'provisional' });
    expect(treeDigest(third)).toEqual({
      ...treeDigest(fresh),
      'not-the-builds.txt': treeDigest(third)['not-the-builds.txt'],
    });
    expect(readFileSync(path.join(third, 'not-the-builds.txt'), 'utf8')).toBe('kept as it is');
  });

  it('makes the folder by links, never reaching outside it, when the record of changes names a path outside a release', async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const first = realpathSync(publicDir);
    editData(root, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,400,', 'Fixture,Volt A,401,'));
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    const second = realpathSync(publicDir);
    // A damaged record: a path that climbs out of the release folder, where a file of the project lies.
    const outside = path.join(root, 'outside.txt');
    writeFileSync(outside, 'not the build’s');
    const record = path.join(releasesDir(publicDir), `.${path.basename(second)}-changes.json`);
    const parsed = JSON.parse(readFileSync(record, 'utf8')) as { base: string; changed: string[] };
    writeFileSync(record, JSON.stringify({ ...parsed, changed: [...parsed.changed, '../../outside.txt'] }));
    editData(root, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,401,', 'Fixture,Volt A,402,'));
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('not the build’s');
    // Not the first folder renamed: a new one, linked from the second release.
    expect(existsSync(first)).toBe(false);
    expect(statSync(realpathSync(publicDir)).ino).not.toBe(statSync(second).ino);
    const fresh = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-fresh-')), 'public');
    await buildSite({ root, publicDir: fresh, history: 'provisional' });
    expect(treeDigest(realpathSync(publicDir))).toEqual(treeDigest(fresh));
  });

  it('adopts a public/ that is a real folder (a build from before the swap) and rebuilds it incrementally', async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const tree = treeDigest(publicDir);
    const real = realpathSync(publicDir);
    rmSync(publicDir);
    cpSync(real, publicDir, { recursive: true });
    rmSync(releasesDir(publicDir), { recursive: true });
    const rebuilt = await runCli('build', ['--root', root, '--preview']);
    expect(rebuilt.stdout).toMatch(/\(incremental\): .* 0 written/);
    expect(lstatSync(publicDir).isSymbolicLink()).toBe(true);
    expect(treeDigest(publicDir)).toEqual(tree);
  });

  it('refuses a public that links elsewhere, in one line, and leaves it alone', async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'ev-elsewhere-'));
    rmSync(publicDir);
    symlinkSync(elsewhere, publicDir);
    const refused = await runCli('build', ['--root', root, '--preview']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `build: ${publicDir} is a link to ${elsewhere}, not to a release the build made: remove the link and build again\n`,
    );
    expect(readlinkSync(publicDir)).toBe(elsewhere);
  });
});
