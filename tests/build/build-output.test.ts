// The built tree: exact contract fields, list order, byte-identical rebuilds, and a writer that touches only what changed.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChargerDocument,
  ChargerListDocument,
  EdgeDocument,
  SourceDocument,
  VehicleDocument,
  VehicleListDocument,
} from '../../build/api/schemas.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { REGIONS } from '../../build/core/regions.ts';
import { layout } from '../../build/render/layout.ts';
import { copyBuiltFixture, copyFixture, treeDigest } from '../helpers/fixture.ts';

const readJson = (publicDir: string, file: string) => JSON.parse(readFileSync(path.join(publicDir, file), 'utf8'));

/** The fields of a document kind, in the order of its schema (the one definition of the published shapes). */
const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape);

describe('the built documents', () => {
  let publicDir: string;
  beforeAll(async () => {
    const root = await copyBuiltFixture();
    publicDir = path.join(root, 'public');
  });

  it('vehicle and charger details have exactly the fields of their schema, in order, with a stable UUID', () => {
    const vehicle = readJson(publicDir, layout.vehicle('volt-a-400-2024'));
    expect(Object.keys(vehicle)).toEqual(fieldsOf(VehicleDocument));
    expect(vehicle.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(vehicle).toMatchObject({ trim: '400', model_year: 2024, bidirectional: ['V2L'], battery_kwh_usable: 60 });
    const charger = readJson(publicDir, layout.charger('amp-wall-22'));
    expect(Object.keys(charger)).toEqual(fieldsOf(ChargerDocument));
    expect(charger).toMatchObject({
      current_kind: 'AC',
      nominal_max_kw: 22,
      output_voltage_min_v: null,
      output_voltage_max_v: null,
    });
  });

  it('edges have the fields of the edge schema in order, and their sources those of the source schema', () => {
    const edge = readJson(publicDir, layout.edge('volt-a-400-2024', 'amp-hpc-350', 'EU'));
    expect(Object.keys(edge)).toEqual(fieldsOf(EdgeDocument));
    for (const source of edge.sources) expect(Object.keys(source)).toEqual(fieldsOf(SourceDocument));
    expect(edge.sources.map((s: { id: string }) => s.id)).toEqual(
      [...edge.sources.map((s: { id: string }) => s.id)].sort(),
    );
  });

  it('writes an edge file only where both sides are available in the region', () => {
    expect(existsSync(path.join(publicDir, layout.edge('volt-a-400-2024', 'amp-hpc-350', 'GB')))).toBe(true);
    expect(existsSync(path.join(publicDir, layout.edge('volt-a-400-2024', 'amp-hpc-350', 'NA')))).toBe(false);
    expect(existsSync(path.join(publicDir, layout.edge('volt-d-na-ccs1-2024', 'amp-hpc-350', 'NA')))).toBe(false);
  });

  it("per-region lists hold exactly that region's entries of the full list, in the same order", () => {
    for (const [file, key] of [
      [layout.vehicleCompatibility, 'chargers'],
      [layout.chargerCompatibility, 'vehicles'],
    ] as const) {
      const slug = key === 'chargers' ? 'volt-a-400-2024' : 'amp-hpc-350';
      const all = readJson(publicDir, file(slug))[key] as { region: string }[];
      for (const region of REGIONS)
        expect(readJson(publicDir, file(slug, region))).toEqual({
          slug,
          [key]: all.filter((edge) => edge.region === region),
        });
    }
  });

  it('lists hold the full edges, sorted by the other slug then in region order', () => {
    const list = readJson(publicDir, layout.vehicleCompatibility('volt-a-400-2024'));
    expect(Object.keys(list)).toEqual(['slug', 'chargers']);
    const order = list.chargers.map((e: { charger: string; region: string }) => [
      e.charger,
      REGIONS.indexOf(e.region as never),
    ]);
    expect(order).toEqual([...order].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]));
    for (const edge of list.chargers)
      expect(edge).toEqual(readJson(publicDir, layout.edge(edge.vehicle, edge.charger, edge.region)));
    const byCharger = readJson(publicDir, layout.chargerCompatibility('amp-hpc-350'));
    expect(Object.keys(byCharger)).toEqual(['slug', 'vehicles']);
    expect(byCharger.vehicles.map((e: { vehicle: string; region: string }) => `${e.vehicle}/${e.region}`)).toEqual([
      'volt-a-400-2024/EU',
      'volt-a-400-2024/GB',
      'volt-b-800-2024/EU',
      'volt-c-chademo-2019/EU',
      'volt-e-800-boost-2024/EU',
      'volt-f-no-dc-2024/EU',
    ]);
  });

  it('the index and the lists count what was built', () => {
    const index = readJson(publicDir, layout.index());
    expect(Object.keys(index)).toEqual(['apiVersion', 'datasetVersion', 'derivationVersion', 'counts', 'license']);
    const vehicles = readJson(publicDir, layout.vehicleList());
    const chargers = readJson(publicDir, layout.chargerList());
    expect(index.counts.vehicles).toBe(vehicles.count);
    expect(vehicles.vehicles.map((v: { slug: string }) => v.slug)).toEqual(
      [...vehicles.vehicles.map((v: { slug: string }) => v.slug)].sort(),
    );
    expect(Object.keys(chargers.chargers[0])).toEqual(fieldsOf(ChargerListDocument.shape.chargers.element));
    expect(Object.keys(vehicles.vehicles[0])).toEqual(fieldsOf(VehicleListDocument.shape.vehicles.element));
    expect(vehicles.vehicles.find((v: { slug: string }) => v.slug === 'volt-a-400-2024').regions).toEqual(['EU', 'GB']);
    const edges = chargers.chargers.reduce(
      (n: number, c: { slug: string }) => n + readJson(publicDir, layout.chargerCompatibility(c.slug)).vehicles.length,
      0,
    );
    expect(index.counts.edges).toBe(edges);
  });

  it('every state occurs in the fixture, and adapterRequired is true exactly for adp', () => {
    const states = new Set<string>();
    for (const v of readJson(publicDir, layout.vehicleList()).vehicles) {
      for (const edge of readJson(publicDir, layout.vehicleCompatibility(v.slug)).chargers) {
        states.add(edge.state);
        expect(edge.adapterRequired).toBe(edge.state === 'adp');
        if (edge.state === 'no') expect(edge.kw).toBe(0);
      }
    }
    expect([...states].sort()).toEqual(['adp', 'limited', 'no', 'ok', 'unk']);
  });
});

describe('rebuilding', () => {
  it('gives byte-identical trees from the same data, whatever the order of rows', async () => {
    const first = copyFixture();
    const second = copyFixture();
    const shuffle = (file: string) => {
      const full = path.join(second, 'data', file);
      const [header, ...rows] = readFileSync(full, 'utf8').trimEnd().split('\n');
      writeFileSync(full, `${[header, ...rows.reverse()].join('\n')}\n`);
    };
    ['vehicles.csv', 'chargers.csv', 'charger_connectors.csv', 'vehicle_regions.csv'].forEach(shuffle);
    await buildSite({ root: first, history: 'provisional' });
    await buildSite({ root: second, history: 'provisional' });
    const a = treeDigest(path.join(first, 'public'));
    const b = treeDigest(path.join(second, 'public'));
    expect(Object.keys(a).length).toBeGreaterThan(40);
    // The dataset version digests the files' bytes, so only the index (and the reference page showing it) may differ.
    const index = layout.index();
    const page = layout.referencePage();
    expect({ ...a, [index]: '', [page]: '' }).toEqual({ ...b, [index]: '', [page]: '' });
  });

  it('rewrites nothing when nothing changed, only the affected files when a row changes, and deletes what is gone', async () => {
    const root = copyFixture();
    const publicDir = path.join(root, 'public');
    const first = await buildSite({ root });
    expect(first).toMatchObject({ pass: 'full', written: first.files });

    const unchanged = await buildSite({ root });
    expect(unchanged).toMatchObject({ pass: 'incremental', written: 0, deleted: 0 });
    const fullAgain = await buildSite({ root, full: true });
    expect(fullAgain).toMatchObject({ pass: 'full', written: 0, unchanged: first.files, deleted: 0 });

    const vehicles = path.join(root, 'data', 'vehicles.csv');
    writeFileSync(
      vehicles,
      readFileSync(vehicles, 'utf8').replace(
        'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,50,',
        'volt-c-chademo-2019,Fixture,Volt C,,2019,40,fixture-spec,350,fixture-spec,46,',
      ),
    );
    const before = treeDigest(publicDir);
    const changed = await buildSite({ root, history: 'provisional' });
    const after = treeDigest(publicDir);
    const differing = Object.keys(after).filter((file) => after[file] !== before[file]);
    expect(changed.written).toBe(differing.length);
    expect(differing).toContain(layout.vehicle('volt-c-chademo-2019'));
    const expected = (file: string) =>
      file.includes('volt-c-chademo-2019') ||
      file.includes('charger-compatibility') ||
      [layout.index(), layout.referencePage(), layout.treeToken()].includes(file);
    expect(differing.filter((file) => !expected(file))).toEqual([]);

    mkdirSync(path.join(publicDir, 'assets'), { recursive: true });
    writeFileSync(path.join(publicDir, 'assets', 'keep.txt'), 'not the build’s');
    for (const file of ['vehicles.csv', 'vehicle_regions.csv']) {
      const full = path.join(root, 'data', file);
      writeFileSync(
        full,
        readFileSync(full, 'utf8')
          .split('\n')
          .filter((line) => !line.startsWith('volt-f-no-dc-2024'))
          .join('\n'),
      );
    }
    rmSync(path.join(root, 'data', 'ledger', 'volt-f-no-dc-2024.csv')); // never released, so it may go
    const removed = await buildSite({ root, history: 'provisional' });
    expect(removed.deleted).toBeGreaterThan(0);
    expect(existsSync(path.join(publicDir, layout.vehicle('volt-f-no-dc-2024')))).toBe(false);
    expect(existsSync(path.join(publicDir, 'api/v1/_data/edges/EU/volt-f-no-dc-2024'))).toBe(false);
    expect(readFileSync(path.join(publicDir, 'assets', 'keep.txt'), 'utf8')).toBe('not the build’s');
  });
});
