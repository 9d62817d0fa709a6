// A rebuild redoes only what changed, and its output is byte for byte what a clean build of the same data writes;
// the build state is an optimisation only (missing, corrupt or foreign: the same output).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReleaseRecord } from '../../build/data/release-records.ts';
import { stateFile } from '../../build/pipeline/build-state.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { layout } from '../../build/render/layout.ts';
import { TreeWriter } from '../../build/write/tree-writer.ts';
import { copyBuiltFixture, copyFixture, editData, treeDigest } from '../helpers/fixture.ts';

/** The tree a clean build of `root`'s data writes (into a fresh folder). */
async function cleanTree(root: string): Promise<Record<string, string>> {
  const publicDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-clean-')), 'public');
  await buildSite({ root, publicDir, history: 'provisional' });
  return treeDigest(publicDir);
}

const EDITS: [string, (root: string) => void][] = [
  [
    'a vehicle row',
    (root) =>
      editData(root, 'vehicles.csv', (t) =>
        t.replace(
          'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,50,',
          'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,46,',
        ),
      ),
  ],
  [
    'a charger row',
    (root) =>
      editData(root, 'chargers.csv', (t) =>
        t.replace(
          'amp-hpc-350,Amp,HPC 350,DC,350,fixture-spec,150,fixture-spec,920,',
          'amp-hpc-350,Amp,HPC 350,DC,350,fixture-spec,150,fixture-spec,700,',
        ),
      ),
  ],
  [
    'a new charger model (its entries inserted into every explain document)',
    (root) => {
      editData(root, 'chargers.csv', (t) =>
        t.replace(
          'bolt-super-250,',
          'bolt-dc-60,Bolt,DC 60,DC,60,fixture-spec,150,fixture-spec,500,fixture-spec,,fixture-spec,\nbolt-super-250,',
        ),
      );
      editData(
        root,
        'charger_connectors.csv',
        (t) => `${t.trimEnd()}\nbolt-dc-60,EU,ccs2,60,fixture-spec,150,fixture-spec,,,fixture-spec\n`,
      );
    },
  ],
  [
    'a connector row (the charger leaves a region)',
    (root) =>
      editData(root, 'charger_connectors.csv', (t) =>
        t
          .split('\n')
          .filter((line) => !/^amp-hpc-350,GB,/.test(line))
          .join('\n'),
      ),
  ],
  [
    'an observation',
    (root) =>
      editData(
        root,
        'observations.csv',
        (t) => `${t.trimEnd()}\nvolt-a-400-2024,amp-hpc-350,EU,limited,90,observed,fixture-spec\n`,
      ),
  ],
  [
    'a network link (a model the network no longer runs)',
    (root) =>
      editData(root, 'network_chargers.csv', (t) => t.replace('amp-net,EU,amp-dc-50,fixture-spec,older sites\n', '')),
  ],
  [
    "a network's access terms",
    (root) =>
      editData(root, 'network_regions.csv', (t) =>
        t.replace(
          'amp-net,EU,120,2025-06-30,fixture-spec,open,,',
          'amp-net,EU,120,2025-06-30,fixture-spec,partly-open,Fixture,',
        ),
      ),
  ],
  [
    'a removed network',
    (root) =>
      ['networks.csv', 'network_regions.csv'].forEach((file) =>
        editData(root, file, (t) =>
          t
            .split('\n')
            .filter((line) => !line.startsWith('quiet-net'))
            .join('\n'),
        ),
      ),
  ],
  [
    'the name of a charger model a network runs',
    (root) => editData(root, 'chargers.csv', (t) => t.replace('amp-dc-50,Amp,DC 50,', 'amp-dc-50,Amp,DC 50 Plus,')),
  ],
  [
    'a release record (a second release the same day: the changes documents and feed, nothing else)',
    (root) =>
      writeReleaseRecord(path.join(root, 'data'), {
        datasetVersion: '0.1.1',
        previous: '0.1.0',
        releasedAt: '2026-01-15',
        vehicles: { added: [], removed: [], changed: [] },
        chargers: { added: [], removed: [], changed: [] },
        edges: [],
      }),
  ],
  [
    'a removed vehicle (never released, so it may go)',
    (root) => {
      ['vehicles.csv', 'vehicle_regions.csv'].forEach((file) =>
        editData(root, file, (t) =>
          t
            .split('\n')
            .filter((line) => !line.startsWith('volt-f-no-dc-2024'))
            .join('\n'),
        ),
      );
      rmSync(path.join(root, 'data', 'ledger', 'volt-f-no-dc-2024.csv'));
    },
  ],
];

describe('an incremental rebuild', () => {
  it.each(EDITS)('after %s writes exactly the tree of a clean build', async (_name, edit) => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    edit(root);
    const result = await buildSite({ root, history: 'provisional' });
    expect(result.pass).toBe('incremental');
    expect(treeDigest(publicDir)).toEqual(await cleanTree(root));
  });

  it('re-renders only the changed vehicle, its edges and the lists it appears in', async () => {
    const root = await copyBuiltFixture('provisional');
    EDITS[0]![1](root);
    const before = treeDigest(path.join(root, 'public'));
    const result = await buildSite({ root, history: 'provisional' });
    const after = treeDigest(path.join(root, 'public'));
    const changed = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(result.written).toBe(changed.length);
    expect(result.files).toBeLessThan(Object.keys(after).length);
    expect(
      changed.every(
        (file) =>
          file.includes('volt-c-chademo-2019') ||
          file.includes('charger-compatibility') ||
          [layout.index(), layout.referencePage(), layout.treeToken()].includes(file),
      ),
    ).toBe(true);
  });
});

describe('the build state is only an optimisation', () => {
  const prepare = async () => {
    const root = await copyBuiltFixture('provisional');
    EDITS[0]![1](root);
    return root;
  };

  it.each([
    ['deleted', (root: string) => rmSync(stateFile(path.join(root, 'public')))],
    ['corrupt', (root: string) => writeFileSync(stateFile(path.join(root, 'public')), '{"format":2,"vehicles":')],
    [
      'from another build of other data',
      (root: string) => {
        const other = copyFixture();
        editData(other, 'vehicles.csv', (t) => t.replace('Volt A', 'Volt Z'));
        cpSync(stateFile(path.join(root, 'public')), stateFile(path.join(other, 'public')));
        writeFileSync(
          stateFile(path.join(root, 'public')),
          readFileSync(stateFile(path.join(root, 'public')), 'utf8').replace(/"token":"[0-9a-f]+"/, '"token":"0000"'),
        );
      },
    ],
    [
      'made by other build code',
      (root: string) => {
        const file = stateFile(path.join(root, 'public'));
        writeFileSync(file, readFileSync(file, 'utf8').replace(/"code":"[0-9a-f]+"/, '"code":"older"'));
      },
    ],
  ])('%s: a full build, the same tree as a clean one', async (_name, spoil) => {
    const root = await prepare();
    spoil(root);
    const result = await buildSite({ root, history: 'provisional' });
    expect(result.pass).toBe('full');
    expect(treeDigest(path.join(root, 'public'))).toEqual(await cleanTree(root));
  });

  it('a list file missing from public/ makes the rebuild fall back to a full one', async () => {
    const root = await prepare();
    rmSync(path.join(root, 'public', layout.chargerCompatibility('amp-hpc-350')));
    const result = await buildSite({ root, history: 'provisional' });
    expect(result.pass).toBe('full');
    expect(treeDigest(path.join(root, 'public'))).toEqual(await cleanTree(root));
  });
});

describe('an interrupted commit', () => {
  it('is completed by the next writer on the same folder, from its journal', async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const writer = new TreeWriter(publicDir, ['api/'], 'incremental');
    writer.write('api/v1/_data/index.json', '{"changed":true}\n');
    writer.remove(layout.vehicle('volt-a-400-2024'));
    // What commit() writes first, then "the process dies" before moving anything.
    writeFileSync(
      path.join(writer.stagingDir, '.commit-journal.json'),
      JSON.stringify({ deletions: [layout.vehicle('volt-a-400-2024')] }),
    );
    expect(readFileSync(path.join(publicDir, 'api/v1/_data/index.json'), 'utf8')).not.toContain('changed');
    new TreeWriter(publicDir, ['api/'], 'incremental');
    expect(readFileSync(path.join(publicDir, 'api/v1/_data/index.json'), 'utf8')).toBe('{"changed":true}\n');
    expect(existsSync(path.join(publicDir, layout.vehicle('volt-a-400-2024')))).toBe(false);
    expect(existsSync(writer.stagingDir)).toBe(false);
  });

  it('a staging folder without a journal is an aborted build: discarded, public/ untouched', async () => {
    const root = await copyBuiltFixture('provisional');
    const publicDir = path.join(root, 'public');
    const before = treeDigest(publicDir);
    const writer = new TreeWriter(publicDir, ['api/'], 'incremental');
    writer.write('api/v1/_data/index.json', '{"changed":true}\n');
    new TreeWriter(publicDir, ['api/'], 'incremental');
    expect(treeDigest(publicDir)).toEqual(before);
  });
});
