// The provenance loop as a maintainer runs it, on copies of the released mini fixture: a stale ledger, the release,
// removed and returning edges, the changes record, and a build that never reads the clock. Each test stands alone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readShard, type LedgerEntry } from '../../build/data/ledger.ts';
import { readReleaseRecords } from '../../build/data/release-records.ts';
import { readRelease } from '../../build/data/release-file.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, editData, treeDigest, MINI_VERSION, NEXT_MINI_VERSION } from '../helpers/fixture.ts';
import { startOfCell } from '../helpers/rows.ts';

const VEHICLES = [
  'volt-a-400-2024',
  'volt-b-800-2024',
  'volt-c-chademo-2019',
  'volt-d-na-ccs1-2024',
  'volt-e-800-boost-2024',
  'volt-f-no-dc-2024',
];
/** Every ledger row of the fixture's vehicles, keyed vehicle/charger/region. */
const ledger = (root: string): Map<string, LedgerEntry> => {
  const all = new Map<string, LedgerEntry>();
  for (const vehicle of VEHICLES)
    for (const [key, entry] of readShard(path.join(root, 'data'), vehicle)) all.set(`${vehicle} ${key}`, entry);
  return all;
};
/** Volt B gets a boost figure: two of its EU edges go from unk to limited. */
const giveVoltBABoost = (root: string) =>
  editData(root, 'vehicles.csv', (t) =>
    t.replace(
      'volt-b-800-2024,Fixture,Volt B,800,2024,77,fixture-spec,800,fixture-spec,230,fixture-spec,,,',
      'volt-b-800-2024,Fixture,Volt B,800,2024,77,fixture-spec,800,fixture-spec,230,fixture-spec,50,fixture-spec,',
    ),
  );
const json = (root: string, file: string) => JSON.parse(readFileSync(path.join(root, 'public', file), 'utf8'));

describe('a data change, from edit to release', () => {
  it('an edit without a release: the publishing build stops with the reason and writes nothing; the preview build works', async () => {
    const root = copyFixture();
    giveVoltBABoost(root);
    const stale = await runCli('build', ['--root', root]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(new RegExp(`data/ changed since release ${MINI_VERSION.replaceAll('.', '\\.')}`));
    expect(stale.stderr).toContain('for a local look: npm run build -- --preview');
    expect(() => readFileSync(path.join(root, 'public/api/v1/_data/index.json'))).toThrow();
    expect((await runCli('build', ['--root', root, '--preview'])).status).toBe(0);
    expect(json(root, 'api/v1/_data/index.json').datasetVersion).toMatch(
      new RegExp(`^${MINI_VERSION.replaceAll('.', '\\.')}\\+preview\\.[0-9a-f]{16}$`),
    );
  });

  it('npm run release bumps exactly the affected edges by one, keeps every createdAt, records the change, and the publishing build accepts it', async () => {
    const root = copyFixture();
    const before = ledger(root);
    giveVoltBABoost(root);
    const released = await runCli('release', ['--root', root, '--date', '2026-03-01']);
    expect(released.stdout).toBe(
      `released dataset ${NEXT_MINI_VERSION} on 2026-03-01: edges 0 added, 2 changed, 0 removed, 20 unchanged; vehicles 0 added, 0 changed, 0 removed; chargers 0 added, 0 changed, 0 removed\n`,
    );
    const after = ledger(root);
    const bumped = [...after]
      .filter(([key, entry]) => entry.edgeVersion !== before.get(key)!.edgeVersion)
      .map(([key]) => key);
    expect(bumped.sort()).toEqual(['volt-b-800-2024 amp-dc-50 EU', 'volt-b-800-2024 bolt-super-250 EU']);
    for (const [key, entry] of after) {
      expect(entry.edgeVersion, key).toBe(before.get(key)!.edgeVersion + (bumped.includes(key) ? 1 : 0));
      expect(entry.createdAt, key).toBe(before.get(key)!.createdAt);
    }
    expect(readRelease(path.join(root, 'data'))).toMatchObject({
      datasetVersion: NEXT_MINI_VERSION,
      releasedAt: '2026-03-01',
    });
    const [record] = readReleaseRecords(path.join(root, 'data'));
    expect(record).toMatchObject({
      datasetVersion: NEXT_MINI_VERSION,
      previous: MINI_VERSION,
      releasedAt: '2026-03-01',
    });
    expect(record!.edges).toEqual([
      {
        vehicle: 'volt-b-800-2024',
        charger: 'amp-dc-50',
        region: 'EU',
        change: 'changed',
        from: { state: 'unk', kw: 0 },
        to: { state: 'limited', kw: 50 },
        edgeVersion: before.get('volt-b-800-2024 amp-dc-50 EU')!.edgeVersion + 1,
      },
      {
        vehicle: 'volt-b-800-2024',
        charger: 'bolt-super-250',
        region: 'EU',
        change: 'changed',
        from: { state: 'unk', kw: 0 },
        to: { state: 'limited', kw: 50 },
        edgeVersion: before.get('volt-b-800-2024 bolt-super-250 EU')!.edgeVersion + 1,
      },
    ]);
    expect((await runCli('build', ['--root', root])).status).toBe(0);
    expect(json(root, 'api/v1/_data/edges/EU/volt-b-800-2024/amp-dc-50.json')).toMatchObject({
      state: 'limited',
      kw: 50,
      edgeVersion: before.get('volt-b-800-2024 amp-dc-50 EU')!.edgeVersion + 1,
      createdAt: '2026-01-15',
    });
    expect(json(root, 'api/v1/_data/index.json').datasetVersion).toBe(NEXT_MINI_VERSION);
  });

  it('derives the edges as of the release day: an adapter programme that opens between two releases is in the release, and the publishing build accepts it', async () => {
    const root = copyFixture();
    const last = readRelease(path.join(root, 'data'))!.releasedAt;
    const opens = '2026-02-01';
    expect(last < opens).toBe(true);
    editData(root, 'adapters.yaml', (t) => t.replace('starts: null', `starts: ${opens}`));
    await runCli('release', ['--root', root, '--date', '2026-03-01']);
    const edge = ledger(root).get('volt-d-na-ccs1-2024 bolt-super-250 NA')!;
    expect(edge).toMatchObject({ state: 'adp', published: true });
    expect((await runCli('build', ['--root', root])).status).toBe(0);
  });

  it('refuses data the build would refuse, an observation against the rules included, and writes nothing', async () => {
    const root = copyFixture();
    const before = treeDigest(path.join(root, 'data'));
    editData(root, 'observations.csv', (t) =>
      t.replace('volt-a-400-2024,bolt-super-250,EU,limited,120,', 'volt-a-400-2024,bolt-super-250,EU,limited,180,'),
    );
    const edited = treeDigest(path.join(root, 'data'));
    const refused = await runCli('release', ['--root', root, '--date', '2026-03-01']);
    expect(refused.status).toBe(1);
    const at = startOfCell('volt-a-400-2024,bolt-super-250,EU,limited,180', 4);
    expect(refused.stderr).toContain(`data/observations.csv:2:${at}: [observation-kw] 180 kW is above`);
    expect(treeDigest(path.join(root, 'data'))).toEqual(edited);
    expect(edited).not.toEqual(before);
  });

  it('records resources added, removed and changed field by field', async () => {
    const root = copyFixture();
    editData(root, 'vehicles.csv', (t) =>
      t.replace('volt-a-400-2024,Fixture,Volt A,400,2024,60', 'volt-a-400-2024,Fixture,Volt A,400,2024,61'),
    );
    editData(root, 'chargers.csv', (t) =>
      t
        .split('\n')
        .filter((line) => !line.startsWith('amp-dc-50,'))
        .join('\n'),
    );
    editData(root, 'charger_connectors.csv', (t) =>
      t
        .split('\n')
        .filter((line) => !line.startsWith('amp-dc-50,'))
        .join('\n'),
    );
    editData(root, 'network_chargers.csv', (t) =>
      t
        .split('\n')
        .filter((line) => !line.includes(',amp-dc-50,'))
        .join('\n'),
    );
    // A published slug never disappears: the release refuses until an alias keeps it answering.
    expect((await runCli('release', ['--root', root, '--date', '2026-03-01'])).stderr).toContain(
      '[published-slugs] charger "amp-dc-50" was published',
    );
    editData(
      root,
      'aliases.csv',
      (t) => `${t.trimEnd()}\ncharger,amp-dc-50,amp-hpc-350,withdrawn; its sites were rebuilt with the HPC\n`,
    );
    expect((await runCli('release', ['--root', root, '--date', '2026-03-01'])).status).toBe(0);
    const [record] = readReleaseRecords(path.join(root, 'data'));
    expect(record!.vehicles).toEqual({
      added: [],
      removed: [],
      changed: [{ slug: 'volt-a-400-2024', fields: ['battery_kwh_usable'] }],
    });
    expect(record!.chargers).toEqual({ added: [], removed: ['amp-dc-50'], changed: [] });
    expect(
      record!.edges
        .filter((edge) => edge.charger === 'amp-dc-50')
        .every((edge) => edge.change === 'removed' && edge.to === null && edge.from !== null),
    ).toBe(true);
  });

  it('a removed edge stays in the ledger, and when it returns its count continues', async () => {
    const root = copyFixture();
    const { edgeVersion } = ledger(root).get('volt-a-400-2024 amp-hpc-350 GB')!;
    const original = readFileSync(path.join(root, 'data/vehicle_regions.csv'), 'utf8');
    editData(root, 'vehicle_regions.csv', (t) =>
      t
        .split('\n')
        .filter((line) => !line.startsWith('volt-a-400-2024,GB'))
        .join('\n'),
    );
    expect((await runCli('release', ['--root', root, '--date', '2026-04-01'])).stdout).toContain(
      'edges 0 added, 0 changed, 1 removed',
    );
    expect(ledger(root).get('volt-a-400-2024 amp-hpc-350 GB')).toMatchObject({
      published: false,
      edgeVersion,
      createdAt: '2026-01-15',
    });
    expect((await runCli('build', ['--root', root])).status).toBe(0);

    writeFileSync(path.join(root, 'data/vehicle_regions.csv'), original);
    expect((await runCli('release', ['--root', root, '--date', '2026-05-01'])).stdout).toContain(
      'edges 1 added, 0 changed, 0 removed',
    );
    expect(ledger(root).get('volt-a-400-2024 amp-hpc-350 GB')).toMatchObject({
      published: true,
      edgeVersion: edgeVersion + 1,
      createdAt: '2026-01-15',
    });
    expect((await runCli('build', ['--root', root])).status).toBe(0);
    expect(json(root, 'api/v1/_data/edges/GB/volt-a-400-2024/amp-hpc-350.json')).toMatchObject({
      edgeVersion: edgeVersion + 1,
      createdAt: '2026-01-15',
    });
  });
});

describe('the build and the clock', () => {
  afterEach(() => vi.useRealTimers());

  it('never reads it: the same data and ledger give the same bytes years later', async () => {
    const root = copyFixture();
    await buildSite({ root, publicDir: path.join(root, 'today') });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-07-04T23:59:59Z'));
    await buildSite({ root, publicDir: path.join(root, 'later') });
    vi.useRealTimers();
    expect(treeDigest(path.join(root, 'later'))).toEqual(treeDigest(path.join(root, 'today')));
  });
});
