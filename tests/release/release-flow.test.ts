// The provenance loop as a contributor runs it, in a temporary git repository: edit, release, diff, and a stale ledger.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readShard, type LedgerEntry } from '../../build/data/ledger.ts';
import { readRelease } from '../../build/data/release-file.ts';
import { MINI_FIXTURE } from '../helpers/fixture.ts';

const CLI = path.resolve('build/cli');
/** tsx by absolute path: the commands run with the temporary repository as their working folder. */
const TSX = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
const run = (cwd: string, script: string, ...args: string[]) => {
  try {
    const stdout = execFileSync(process.execPath, ['--import', TSX, path.join(CLI, `${script}.ts`), '--root', cwd, ...args], { cwd, stdio: 'pipe' }).toString();
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: Buffer; stderr: Buffer };
    return { status: e.status, stdout: e.stdout.toString(), stderr: e.stderr.toString() };
  }
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd, stdio: 'pipe' }).toString();
const edit = (root: string, file: string, change: (text: string) => string) => {
  const full = path.join(root, 'data', file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
};
/** Every ledger row of the fixture's vehicles, keyed vehicle/charger/region. */
const ledger = (root: string): Map<string, LedgerEntry> => {
  const all = new Map<string, LedgerEntry>();
  for (const vehicle of ['volt-a-400-2024', 'volt-b-800-2024', 'volt-c-chademo-2019', 'volt-d-na-ccs1-2024', 'volt-e-800-boost-2024', 'volt-f-no-dc-2024']) {
    for (const [key, entry] of readShard(path.join(root, 'data'), vehicle)) all.set(`${vehicle} ${key}`, entry);
  }
  return all;
};

let repo: string;
beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'ev-release-'));
  cpSync(path.join(MINI_FIXTURE, 'data'), path.join(repo, 'data'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'released fixture');
});

describe('a data change, from edit to release', () => {
  let before: Map<string, LedgerEntry>;

  it('an edit without a release stops the build with the reason, and writes nothing', () => {
    before = ledger(repo);
    expect(run(repo, 'build').status).toBe(0);
    edit(repo, 'vehicles.csv', (t) => t.replace('volt-b-800-2024,Fixture,Volt B,800,2024,77,800,230,,', 'volt-b-800-2024,Fixture,Volt B,800,2024,77,800,230,50,'));
    const stale = run(repo, 'build', '--public', path.join(repo, 'fresh-public'));
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('the ledger does not match the data');
    expect(stale.stderr).toMatch(/data\/ changed since release 0\.1\.0/);
    expect(() => readFileSync(path.join(repo, 'fresh-public', 'api/v1/_data/index.json'))).toThrow();
  });

  it('npm run diff against the last commit prints the exact state transitions', () => {
    const text = run(repo, 'diff', 'HEAD');
    expect(text.status).toBe(0);
    // boost_dc_kw is not a published vehicle field: the vehicle document itself does not change.
    expect(text.stdout).toContain('Vehicles: 0 added, 0 removed, 0 changed');
    expect(text.stdout).toContain('Edges: 2 changed state, 0 changed kW, 0 changed confidence');
    expect(text.stdout).toContain('  unk → limited: 2\n    volt-b-800-2024 × amp-dc-50 (EU)\n    volt-b-800-2024 × bolt-super-250 (EU)\n');
    const markdown = run(repo, 'diff', 'HEAD', '--markdown').stdout;
    expect(markdown).toContain('## What this change does to the API');
    expect(markdown).toContain('- `unk → limited`: 2\n  - volt-b-800-2024 × amp-dc-50 (EU)');
  });

  it('npm run release bumps exactly the affected edges by one and keeps every createdAt', () => {
    const released = run(repo, 'release', '--date', '2026-03-01');
    expect(released.stdout).toContain('released dataset 0.2.0 on 2026-03-01: 0 new edge(s), 2 changed, 0 returned, 0 removed, 20 unchanged');
    const after = ledger(repo);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const bumped = [...after].filter(([key, entry]) => entry.edgeVersion !== before.get(key)!.edgeVersion).map(([key]) => key);
    expect(bumped.sort()).toEqual(['volt-b-800-2024 amp-dc-50 EU', 'volt-b-800-2024 bolt-super-250 EU']);
    for (const [key, entry] of after) {
      expect(entry.edgeVersion, key).toBe(before.get(key)!.edgeVersion + (bumped.includes(key) ? 1 : 0));
      expect(entry.createdAt, key).toBe(before.get(key)!.createdAt);
    }
    expect(readRelease(path.join(repo, 'data'))).toMatchObject({ datasetVersion: '0.2.0', releasedAt: '2026-03-01' });
    expect(run(repo, 'build').status).toBe(0);
    const edge = JSON.parse(readFileSync(path.join(repo, 'public/api/v1/_data/edges/EU/volt-b-800-2024/amp-dc-50.json'), 'utf8'));
    expect(edge).toMatchObject({ state: 'limited', kw: 50, edgeVersion: 2, createdAt: '2026-01-15' });
    const index = JSON.parse(readFileSync(path.join(repo, 'public/api/v1/_data/index.json'), 'utf8'));
    expect(index.datasetVersion).toBe('0.2.0');
  });

  it('a removed edge stays in the ledger, and when it returns its count continues', () => {
    const removeGb = (t: string) => t.split('\n').filter((line) => !line.startsWith('volt-a-400-2024,GB')).join('\n');
    const original = readFileSync(path.join(repo, 'data/vehicle_regions.csv'), 'utf8');
    edit(repo, 'vehicle_regions.csv', removeGb);
    expect(run(repo, 'release', '--date', '2026-04-01').stdout).toContain('0 new edge(s), 0 changed, 0 returned, 1 removed');
    expect(ledger(repo).get('volt-a-400-2024 amp-hpc-350 GB')).toMatchObject({ published: false, edgeVersion: 1, createdAt: '2026-01-15' });
    expect(run(repo, 'build').status).toBe(0);

    writeFileSync(path.join(repo, 'data/vehicle_regions.csv'), original);
    expect(run(repo, 'release', '--date', '2026-05-01').stdout).toContain('0 new edge(s), 0 changed, 1 returned, 0 removed');
    expect(ledger(repo).get('volt-a-400-2024 amp-hpc-350 GB')).toMatchObject({ published: true, edgeVersion: 2, createdAt: '2026-01-15' });
    expect(run(repo, 'build').status).toBe(0);
    const edge = JSON.parse(readFileSync(path.join(repo, 'public/api/v1/_data/edges/GB/volt-a-400-2024/amp-hpc-350.json'), 'utf8'));
    expect(edge).toMatchObject({ edgeVersion: 2, createdAt: '2026-01-15' });
  });

  it('the build never reads the clock: the same data and ledger give the same bytes on another day', () => {
    const first = readFileSync(path.join(repo, 'public/api/v1/_data/index.json'), 'utf8');
    const shiftClock = pathToFileURL(path.resolve('tests/helpers/shift-clock.mjs')).href;
    const later = execFileSync(process.execPath, ['--import', shiftClock, '--import', TSX, path.join(CLI, 'build.ts'), '--root', repo], {
      cwd: repo,
      env: { ...process.env, TZ: 'Pacific/Kiritimati' },
    });
    expect(later.toString()).toMatch(/0 written/);
    expect(readFileSync(path.join(repo, 'public/api/v1/_data/index.json'), 'utf8')).toBe(first);
  });
});
