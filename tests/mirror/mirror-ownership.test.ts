// npm run mirror replaces or deletes only what it made: <folder>, a link into <folder>.versions/, which holds its
// marker. Anything else at those names is refused before it is touched, and no link is followed out of that tree.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Progress } from '../../build/mirror/download.ts';
import { OWNER_MARKER } from '../../build/mirror/mirror-folder.ts';
import { syncMirror } from '../../build/mirror/sync-mirror.ts';
import { sharedSite } from '../helpers/fixture.ts';
import { useServer } from '../helpers/http.ts';

const quiet: Progress = { update: () => {}, done: () => {} };

// The original: the mini fixture as built for the whole run (with its mirror manifest and bundle).
const original = useServer(() => sharedSite('mini'), { noRateLimit: true });

describe('the mirror never deletes or replaces what it did not make', () => {
  const elsewhere = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-precious-'));
    writeFileSync(path.join(dir, 'precious.txt'), 'keep me\n');
    return dir;
  };
  const refused = async (target: string, pattern: RegExp) => {
    await expect(syncMirror({ base: original.server.url, folder: target, progress: quiet })).rejects.toThrow(pattern);
  };

  it('a folder that is a link to another directory: refused, and that directory is untouched', async () => {
    const precious = elsewhere();
    const link = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-link-')), 'mirror');
    symlinkSync(precious, link);
    await refused(
      link,
      /is a link to .*, not to a version this command made in mirror\.versions\/: refusing to touch it/,
    );
    expect(readFileSync(path.join(precious, 'precious.txt'), 'utf8')).toBe('keep me\n');
    expect(readdirSync(path.dirname(link))).toEqual(['mirror']);
  });

  it('a link shaped like a version but leading out of the versions folder: refused', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'ev-link-'));
    mkdirSync(path.join(base, 'mirror.versions'));
    symlinkSync('mirror.versions/../elsewhere', path.join(base, 'mirror'));
    await refused(path.join(base, 'mirror'), /not to a version this command made/);
  });

  it('a directory or a file where the folder should be: refused', async () => {
    const dir = path.join(elsewhere(), 'mirror');
    mkdirSync(dir);
    await refused(dir, /is a directory, not a mirror made by this command/);
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'x');
    await refused(dir, /is a file, not a mirror made by this command/);
  });

  it('a versions folder that is a link, or that has no marker: refused, and untouched', async () => {
    const precious = elsewhere();
    const base = mkdtempSync(path.join(os.tmpdir(), 'ev-link-'));
    symlinkSync(precious, path.join(base, 'mirror.versions'));
    await refused(path.join(base, 'mirror'), /mirror\.versions is a link, not a directory this command made/);
    unlinkSync(path.join(base, 'mirror.versions'));
    mkdirSync(path.join(base, 'mirror.versions'));
    writeFileSync(path.join(base, 'mirror.versions', 'notes.txt'), 'mine\n');
    await refused(
      path.join(base, 'mirror'),
      /mirror\.versions was not made by this command \(it has no \.open-ev-mirror\)/,
    );
    expect(readdirSync(path.join(base, 'mirror.versions'))).toEqual(['notes.txt']);
    expect(readFileSync(path.join(precious, 'precious.txt'), 'utf8')).toBe('keep me\n');
  });

  it('a mirror made before the marker existed is recognised by its shape and marked', async () => {
    const older = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-older-')), 'mirror');
    await syncMirror({ base: original.server.url, folder: older, progress: quiet });
    unlinkSync(path.join(`${older}.versions`, OWNER_MARKER));
    const said: string[] = [];
    expect(
      await syncMirror({ base: original.server.url, folder: older, progress: quiet, say: (line) => said.push(line) }),
    ).toMatchObject({
      outcome: 'current',
    });
    expect(said).toEqual([
      `${older} was made by an earlier version of this command: marked as its own (${OWNER_MARKER})`,
    ]);
    expect(existsSync(path.join(`${older}.versions`, OWNER_MARKER))).toBe(true);
  });

  it('a link planted inside the mirror is repaired away, never followed: its target is untouched', async () => {
    const precious = elsewhere();
    const own = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-planted-')), 'mirror');
    await syncMirror({ base: original.server.url, folder: own, progress: quiet });
    const data = path.join(own, 'public/api/v1/_data');
    renameSync(data, `${data}-moved`);
    symlinkSync(precious, data);
    expect(await syncMirror({ base: original.server.url, folder: own, progress: quiet })).toMatchObject({
      outcome: 'repaired',
    });
    expect(readdirSync(precious)).toEqual(['precious.txt']);
    expect(readdirSync(`${own}.versions`).sort()).toEqual([OWNER_MARKER, path.basename(readlinkSync(own))].sort());
  });
});
