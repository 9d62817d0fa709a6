// npm run diff derives both sides in memory: what it reports for a changed charger, a removed market and a retired slug.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, editData } from '../helpers/fixture.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.org', ...args], { cwd }).toString();

describe('npm run diff', () => {
  it('reports resources and edges as the API serves them, retired slugs included', async () => {
    const root = copyFixture();
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'base');
    editData(root, 'chargers.csv', (t) => t.replace('amp-dc-50,Amp,DC 50,DC,50,', 'amp-dc-50,Amp,DC 50,DC,60,'));
    editData(root, 'vehicles.csv', (t) =>
      t.replace(
        'volt-a-400-2024,Fixture,Volt A,400,2024,60,fixture-spec,400,fixture-spec,150,',
        'volt-a-400-2024,Fixture,Volt A,400,2024,60,fixture-spec,400,fixture-spec,120,',
      ),
    );
    editData(root, 'vehicle_regions.csv', (t) => t.replace('volt-a-400-2024,GB,type2,ccs2,fixture-spec\n', ''));
    editData(root, 'aliases.csv', (t) => `${t}vehicle,volt-b-800-2023,volt-b-800-2024,renamed\n`);

    const result = await runCli('diff', ['HEAD', '--root', root]);
    expect(result.stderr).toBe('');
    // The retired slug answers with its successor's documents, so it is a vehicle with its successor's edges; volt-a is
    // no longer sold in GB, where its one edge was amp-hpc-350; its lower DC peak lowers its edge on that charger.
    expect(result.stdout.split('\n')).toEqual([
      'What this change does to the API',
      '',
      'Vehicles: 1 added, 0 removed, 1 changed',
      '  added volt-b-800-2023',
      '  changed volt-a-400-2024: max_dc_kw_oem 150 → 120',
      '',
      'Chargers: 0 added, 0 removed, 1 changed',
      '  changed amp-dc-50: nominal_max_kw 50 → 60',
      '',
      'Edges: 4 added, 1 removed, 0 changed state, 1 changed kW, 0 changed confidence',
      '  added: 4 (ok 2, unk 2)',
      '    volt-b-800-2023 × amp-dc-50 (EU): unk, 0 kW',
      '    volt-b-800-2023 × amp-hpc-350 (EU): ok, 230 kW',
      '    volt-b-800-2023 × amp-wall-22 (EU): ok, 11 kW',
      '    volt-b-800-2023 × bolt-super-250 (EU): unk, 0 kW',
      '  removed: 1 (ok 1)',
      '    volt-a-400-2024 × amp-hpc-350 (GB): ok, 150 kW',
      '  kW volt-a-400-2024 × amp-hpc-350 (EU): 150 → 120',
      '',
      'Networks: 0 added, 0 removed, 0 links added, 0 links removed, 0 access terms changed, 1 vehicle answers changed',
      '  volt-a-400-2024 at amp-net (EU): ok 150 kW (amp-hpc-350) / limited 50 kW (amp-dc-50) → ' +
        'ok 120 kW (amp-hpc-350) / limited 50 kW (amp-dc-50)',
      '',
    ]);
  });

  it('reports network changes: a network removed, links added and removed, access terms changed, answers moved', async () => {
    const root = copyFixture();
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'base');
    editData(root, 'networks.csv', (t) => t.replace(/^quiet-net,.*\n/m, ''));
    editData(root, 'network_regions.csv', (t) =>
      t.replace(/^quiet-net,.*\n/m, '').replace('bolt-net,EU,,,,partly-open,Fixture,', 'bolt-net,EU,,,,open,,'),
    );
    editData(root, 'network_chargers.csv', (t) =>
      t
        .replace('amp-net,EU,amp-dc-50,fixture-spec,older sites\n', '')
        .replace('bolt-net,EU,bolt-super-250,', 'bolt-net,EU,amp-hpc-350,fixture-spec,\nbolt-net,EU,bolt-super-250,'),
    );
    const result = await runCli('diff', ['HEAD', '--root', root]);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('Networks: '));
    expect(lines[at]).toMatch(
      /^Networks: 0 added, 1 removed, 1 links added, 1 links removed, 1 access terms changed, [1-9]\d* vehicle answers changed$/,
    );
    expect(lines.slice(at + 1, at + 5)).toEqual([
      '  removed quiet-net',
      '  link added: bolt-net runs amp-hpc-350 in EU',
      '  link removed: amp-net runs amp-dc-50 in EU',
      '  access bolt-net (EU): partly-open (Fixture) → open',
    ]);
    // amp-net's worst in EU was its 50 kW model, gone now: its best is its worst.
    expect(lines.slice(at + 5).join('\n')).toMatch(
      /at amp-net \(EU\): ok 150 kW \(amp-hpc-350\) \/ limited 50 kW \(amp-dc-50\) → ok 150 kW \(amp-hpc-350\) \/ ok 150 kW \(amp-hpc-350\)/,
    );
  });

  it('a ref whose data/ no longer passes the checks is named, with its first problem', async () => {
    const root = copyFixture();
    editData(root, 'vehicles.csv', (t) => t.replace('Volt A,400,2024,60,', 'Volt A,400,twenty,60,'));
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'broken');
    editData(root, 'vehicles.csv', (t) => t.replace('Volt A,400,twenty,60,', 'Volt A,400,2024,60,'));
    const result = await runCli('diff', ['main', '--root', root]);
    expect(result.status).toBe(1);
    // The model_year cell of 'volt-a-400-2024,Fixture,Volt A,400,twenty' starts at character 36.
    expect(result.stderr).toMatch(
      /^diff: data\/ at "main" does not pass today's checks \(1 problem\(s\), the first: data\/vehicles\.csv:2:36: \[schema\] model_year: .*\); compare with a later ref\n$/,
    );
  });
});
