// The whole contributor loop, as an outside pull request lives it, in temporary git repositories: a fork adds a vehicle
// row as CONTRIBUTING.md says, passes the checks unreleased, its diff names the new vehicle and edges as added; after the
// merge, the release step (what .github/workflows/release.yml runs) stamps it and the publishing build passes.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { MINI_FIXTURE, PROJECT_ROOT, NEXT_MINI_VERSION } from '../helpers/fixture.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
    cwd,
    stdio: 'pipe',
  }).toString();

/** Appends a row to a CSV file of data/, its cells given by column name (every other column empty). */
function addRow(root: string, file: string, cells: Record<string, string>): void {
  const full = path.join(root, 'data', file);
  const text = readFileSync(full, 'utf8');
  const header = text.split('\n')[0]!.split(',');
  for (const column of Object.keys(cells))
    if (!header.includes(column)) throw new Error(`${file} has no column ${column}`);
  writeFileSync(full, `${text}${header.map((column) => cells[column] ?? '').join(',')}\n`);
}

describe('an outside pull request that adds a vehicle', () => {
  it('passes unreleased, shows its new vehicle and edges as added, and is released after the merge', async () => {
    // The upstream repository: the released mini fixture on main.
    const upstream = mkdtempSync(path.join(os.tmpdir(), 'ev-upstream-'));
    cpSync(path.join(MINI_FIXTURE, 'data'), path.join(upstream, 'data'), { recursive: true });
    cpSync(path.join(PROJECT_ROOT, '.gitignore'), path.join(upstream, '.gitignore'));
    git(upstream, 'init', '-q', '-b', 'main');
    git(upstream, 'add', '-A');
    git(upstream, 'commit', '-q', '-m', 'released fixture');

    // The fork: a clone, a branch, one vehicle on sale in the EU (its row and its region row, citing an existing source).
    const fork = mkdtempSync(path.join(os.tmpdir(), 'ev-fork-'));
    git(fork, 'clone', '-q', upstream, '.');
    git(fork, 'checkout', '-q', '-b', 'add-volt-g');
    const slug = 'fixture-volt-g-400-2025-eu'; // brand, model year and market, as the slug conventions ask of new rows
    // The variant and each figure given cite a source: `source`, and the `<figure>_source` column of each figure.
    const figures = {
      battery_kwh_usable: '64',
      architecture_voltage_v: '400',
      max_dc_kw_oem: '135',
      max_ac_kw_oem: '11',
      ac_phases: '3',
    };
    const columns = readFileSync(path.join(fork, 'data/vehicles.csv'), 'utf8').split('\n')[0]!.split(',');
    const sourced = Object.fromEntries(
      columns
        .filter((column) => column === 'source' || Object.keys(figures).some((figure) => column === `${figure}_source`))
        .map((column) => [column, 'fixture-spec']),
    );
    addRow(fork, 'vehicles.csv', {
      slug,
      brand: 'Fixture',
      family: 'Volt G',
      trim: '400',
      model_year: '2025',
      ...figures,
      ...sourced,
    });
    addRow(fork, 'vehicle_regions.csv', {
      vehicle: slug,
      region: 'EU',
      ac_inlet: 'type2',
      dc_inlet: 'ccs2',
      source: 'fixture-spec',
    });

    // What the contributor and the pull-request CI run: fix, check, a preview build and the coverage; no release.
    // The rows were appended; npm run fix puts them where the sort order wants them, and names the rows it moved (one
    // each, not the rows below them that shifted a line).
    expect((await runCli('fix', ['--root', fork])).stdout).toBe(
      `data/vehicles.csv: put 1 row back in order: ${slug}\ndata/vehicle_regions.csv: put 1 row back in order: ${slug} EU\n`,
    );
    expect((await runCli('fix', ['--root', fork])).stdout).toBe('nothing to fix\n');
    expect(await runCli('check', ['--root', fork])).toMatchObject({ status: 0, stderr: '' });
    expect((await runCli('build', ['--root', fork, '--preview'])).status).toBe(0);
    expect((await runCli('coverage', ['--root', fork])).status).toBe(0);
    git(fork, 'add', '-A');
    git(fork, 'commit', '-q', '-m', `Add ${slug}`);

    // The API diff against the base branch, as the pull-request workflow computes it.
    const diff = await runCli('diff', ['origin/main', '--markdown', '--root', fork]);
    expect(diff.status).toBe(0);
    expect(diff.stdout).toContain('### Vehicles: 1 added, 0 removed, 0 changed');
    expect(diff.stdout).toContain(`- added \`${slug}\``);
    expect(diff.stdout).toMatch(/### Edges: 4 added, 0 removed, 0 changed state/);
    expect(diff.stdout).toMatch(/- \*\*added\*\*: 4 \(/);
    expect(diff.stdout).toContain(`  - ${slug} × amp-hpc-350 (EU): ok, 135 kW`);
    expect(diff.stdout).not.toContain('none →');

    // The merge, then the release step of the release workflow and the publishing build (what Netlify runs).
    git(upstream, 'pull', '-q', '--ff-only', fork, 'add-volt-g');
    expect((await runCli('build', ['--root', upstream])).status, 'main is unreleased until the release step').toBe(1);
    const released = await runCli('release', ['--root', upstream, '--date', '2026-06-01']);
    expect(released.stdout).toMatch(
      new RegExp(
        `^released dataset ${NEXT_MINI_VERSION.replaceAll('.', '\\.')} on 2026-06-01: edges 4 added, 0 changed, 0 removed, 22 unchanged; vehicles 1 added`,
      ),
    );
    expect(await runCli('build', ['--root', upstream])).toMatchObject({ status: 0, stderr: '' });
    const edge = JSON.parse(
      readFileSync(path.join(upstream, `public/api/v1/_data/edges/EU/${slug}/amp-hpc-350.json`), 'utf8'),
    );
    expect(edge).toMatchObject({ state: 'ok', kw: 135, edgeVersion: 1, createdAt: '2026-06-01' });
    git(upstream, 'add', 'data/ledger', 'data/releases', 'data/release.yaml');
    git(upstream, 'commit', '-q', '-m', `Release dataset ${NEXT_MINI_VERSION}`);
    expect(git(upstream, 'status', '--porcelain'), 'the release commit holds every file the release wrote').toBe('');
  });
});
