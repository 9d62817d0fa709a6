// A retired slug keeps answering: data/aliases.csv makes its URLs serve its successor's documents, in full and
// incremental builds alike, and its files go when the alias goes.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../build/core/regions.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { layout } from '../../build/render/layout.ts';
import { copyFixture, editData, renameFixtureVehicle, treeDigest } from '../helpers/fixture.ts';
import { startOfCell } from '../helpers/rows.ts';

const OLD = 'volt-a-400-2024';
const NEW = 'fixture-volt-a-400-2024-eu';
const renameVehicle = (root: string) => renameFixtureVehicle(root, OLD, NEW);

const read = (publicDir: string, file: string) => readFileSync(path.join(publicDir, file), 'utf8');

describe('a retired slug (data/aliases.csv)', () => {
  it('answers with its successor documents: the vehicle, its lists per region and every edge', async () => {
    const root = copyFixture();
    renameVehicle(root);
    const publicDir = path.join(root, 'public');
    await buildSite({ root, history: 'provisional' });
    expect(JSON.parse(read(publicDir, layout.vehicle(OLD))).slug).toBe(NEW);
    expect(read(publicDir, layout.vehicle(OLD))).toBe(read(publicDir, layout.vehicle(NEW)));
    for (const region of [undefined, ...REGIONS]) {
      expect(read(publicDir, layout.vehicleCompatibility(OLD, region))).toBe(
        read(publicDir, layout.vehicleCompatibility(NEW, region)),
      );
    }
    const edges = Object.keys(treeDigest(publicDir)).filter((file) => file.includes(`/${NEW}/`));
    expect(edges.length).toBeGreaterThan(0);
    for (const edge of edges) expect(read(publicDir, edge.replace(`/${NEW}/`, `/${OLD}/`))).toBe(read(publicDir, edge));
    // The list of vehicles names the current slug only.
    const slugs = JSON.parse(read(publicDir, layout.vehicleList())).vehicles.map((v: { slug: string }) => v.slug);
    expect(slugs).toContain(NEW);
    expect(slugs).not.toContain(OLD);
  });

  it('keeps the copies current through an incremental rebuild of the successor or of a charger', async () => {
    const root = copyFixture();
    renameVehicle(root);
    const publicDir = path.join(root, 'public');
    await buildSite({ root, history: 'provisional' });
    editData(root, 'vehicles.csv', (t) =>
      t.replace(
        `${NEW},Fixture,Volt A,400,2024,60,fixture-spec,400,fixture-spec,150,`,
        `${NEW},Fixture,Volt A,400,2024,60,fixture-spec,400,fixture-spec,120,`,
      ),
    );
    editData(root, 'chargers.csv', (t) =>
      t.replace(
        'amp-hpc-350,Amp,HPC 350,DC,350,fixture-spec,150,fixture-spec,920,',
        'amp-hpc-350,Amp,HPC 350,DC,350,fixture-spec,150,fixture-spec,700,',
      ),
    );
    expect((await buildSite({ root, history: 'provisional' })).pass).toBe('incremental');
    const clean = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-clean-')), 'public');
    await buildSite({ root, publicDir: clean, history: 'provisional' });
    expect(treeDigest(publicDir)).toEqual(treeDigest(clean));
    expect(JSON.parse(read(publicDir, layout.edge(OLD, 'amp-hpc-350', 'EU'))).kw).toBe(120);
  });

  it('is refused when the successor does not exist, and its files go when the alias goes', async () => {
    const root = copyFixture();
    renameVehicle(root);
    await buildSite({ root, history: 'provisional' });
    editData(root, 'aliases.csv', (t) => t.replace(`,${NEW},`, ',no-such-car-2024-eu,'));
    // The successor's cell, third on the alias's line.
    const at = startOfCell(`vehicle,${OLD},no-such-car-2024-eu`, 2);
    await expect(buildSite({ root, history: 'provisional' })).rejects.toThrow(
      `aliases.csv:2:${at}: [published-slugs] vehicle "no-such-car-2024-eu" does not exist`,
    );
    // Without the alias (and, for this test, without the old slug's ledger: it was never released) the copies are deleted.
    editData(root, 'aliases.csv', (t) => t.split('\n')[0]! + '\n');
    editData(root, `ledger/${OLD}.csv`, () => 'charger,region,hash,edge_version,created_at,published,state,kw\n');
    await buildSite({ root, history: 'provisional' });
    expect(existsSync(path.join(root, 'public', layout.vehicle(OLD)))).toBe(false);
    expect(existsSync(path.join(root, 'public', layout.edgeFolder(OLD, 'EU')))).toBe(false);
  });
});
