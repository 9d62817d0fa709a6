// Importing the fixture release into a project: what it creates, fills and cross-checks, what it never overwrites, its
// decisions, and that a re-run (whatever landed in between) gives the same data.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../build/upstream/open-ev-data/apply.ts';
import { IMPORT_DIR, importOpenEvData, ImportRefused } from '../../build/upstream/open-ev-data/import.ts';
import { importReport } from '../../build/upstream/open-ev-data/report.ts';
import { runCli } from '../helpers/cli.ts';
import { editData, treeDigest } from '../helpers/fixture.ts';
import { addOwnPerformance, importProject, OED_FIXTURE, TEST_MAPPING, writeMapping } from '../helpers/open-ev-data.ts';
import { column, csvLine } from '../helpers/rows.ts';

type Row = Record<string, string>;
const csv = (root: string, file: string) =>
  parseCsv<Row>(readFileSync(path.join(root, 'data', file), 'utf8'), { columns: true });
const vehicle = (root: string, slug: string) => csv(root, 'vehicles.csv').find((row) => row.slug === slug);
const regions = (root: string, slug: string) =>
  csv(root, 'vehicle_regions.csv')
    .filter((row) => row.vehicle === slug)
    .map((row) => `${row.region} ${row.ac_inlet}/${row.dc_inlet}`);
const sources = (root: string) =>
  new Map(
    (
      parseYaml(readFileSync(path.join(root, 'data/sources.yaml'), 'utf8')) as {
        id: string;
        kind: string;
        title: string;
        url: string | null;
      }[]
    ).map((s) => [s.id, s]),
  );
const of = <K extends Finding['kind']>(findings: Finding[], kind: K) =>
  findings.filter((f): f is Extract<Finding, { kind: K }> => f.kind === kind);

async function imported(mapping?: string) {
  const root = importProject(mapping);
  const result = await importOpenEvData({ root, from: OED_FIXTURE });
  return { root, result };
}

describe('importing a release into a project', () => {
  it('writes the data files alone (no extract, no copy of an upstream file), and data that passes every check', async () => {
    const { root, result } = await imported();
    expect(result.written).toEqual(['data/vehicles.csv', 'data/vehicle_regions.csv', 'data/sources.yaml']);
    expect(existsSync(path.join(root, IMPORT_DIR, 'extract.json'))).toBe(false);
    expect(existsSync(path.join(root, IMPORT_DIR, 'LICENCE'))).toBe(false);
    const check = await runCli('check', ['--root', root]);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('creates a variant per home market, with its figures, region rows and its two kinds of citation', async () => {
    const { root } = await imported();
    const eu = vehicle(root, 'fixture-motors-arrow-performance-2024-eu')!;
    const record = 'oed-fixture-motors-arrow-2024-arrow-performance';
    expect(eu).toMatchObject({
      brand: 'Fixture Motors',
      family: 'Arrow',
      trim: 'Performance',
      model_year: '2024',
      battery_kwh_usable: '79',
      architecture_voltage_v: '400',
      max_dc_kw_oem: '250',
      max_ac_kw_oem: '',
      ac_one_phase_a: '',
      max_ac_kw_oem_source: '',
      ac_phases_source: '',
    });
    const cited = eu.max_dc_kw_oem_source!.split(' ');
    expect(cited[0]).toBe(record);
    // Each figure the record gives cites it, as does the variant itself.
    for (const column of ['source', 'battery_kwh_usable_source', 'architecture_voltage_v_source'])
      expect(eu[column], column).toBe(eu.max_dc_kw_oem_source);
    expect(eu.note).toMatch(
      /^\[OpenEV Data 1\.24\.0, src\/fixture_motors\/arrow\/2024\/arrow_performance\.json: imported; pack voltage is the record's 400v class; AC left empty/,
    );
    expect(regions(root, 'fixture-motors-arrow-performance-2024-eu')).toEqual(['EU type2/ccs2', 'GB type2/ccs2']);
    expect(regions(root, 'fixture-motors-arrow-performance-2024-na')).toEqual(['NA nacs/nacs']);
    const all = sources(root);
    expect(all.get(record)).toEqual({
      id: record,
      kind: 'dataset',
      title:
        'OpenEV Data 1.24.0 (CDLA-Permissive-2.0), record src/fixture_motors/arrow/2024/arrow_performance.json: Fixture Motors Arrow 2024 Performance, layered on base.json, 2024/arrow.json',
      url: 'https://github.com/open-ev-data/open-ev-data-dataset/blob/v1.24.0/src/fixture_motors/arrow/2024/arrow_performance.json',
      accessedAt: null,
    });
    expect(all.get(cited[1]!)).toMatchObject({
      kind: 'dataset',
      title:
        'Fixture Motors Arrow Performance specification sheet (fictional) (oem source cited by OpenEV Data records, read by them 2025-12-28; not opened by this project)',
      url: 'https://example.com/fixture-motors/arrow',
    });
  });

  it('never overwrites a figure our own sources give: a conflict over 5 % is noted, ours stands', async () => {
    const { root, result } = await imported();
    const gtx = vehicle(root, 'testwerk-t-3-gtx-2024-eu')!;
    expect(gtx.max_dc_kw_oem).toBe('185');
    expect(gtx.max_dc_kw_oem_source).toBe('fixture-spec');
    expect(gtx.note).toBe(
      "our own note [OpenEV Data 1.24.0, src/testwerk/t_3/2024/t_3_gtx.json: max_dc_kw_oem 175 against 185 here (5.4 % apart): this row's own sources stand; fills architecture_voltage_v, max_ac_kw_oem, ac_phases (pack voltage is the record's 400v class)]",
    );
    expect(of(result.findings, 'conflict')).toEqual([
      {
        kind: 'conflict',
        record: 'src/testwerk/t_3/2024/t_3_gtx.json',
        vehicle: 'testwerk-t-3-gtx-2024-eu',
        field: 'max_dc_kw_oem',
        ours: '185',
        theirs: '175',
        apart: '5.4 % apart',
      },
    ]);
    expect(importReport(result)).toContain(
      '| testwerk-t-3-gtx-2024-eu | max_dc_kw_oem | 185 | 175 | 5.4 % apart | src/testwerk/t_3/2024/t_3_gtx.json |',
    );
  });

  it('fills each empty figure, citing the record for it alone, and cites the record beside ours where they agree', async () => {
    const { root, result } = await imported();
    const gtx = vehicle(root, 'testwerk-t-3-gtx-2024-eu')!;
    const record = 'oed-testwerk-t-3-2024-t-3-gtx';
    expect([gtx.max_ac_kw_oem, gtx.ac_phases]).toEqual(['11', '3']);
    expect([gtx.max_ac_kw_oem_source!.split(' ')[0], gtx.ac_phases_source!.split(' ')[0]]).toEqual([record, record]);
    // The usable 77 kWh agrees: that figure gains the record; the variant's own sources and the DC peak (in conflict)
    // do not.
    expect(gtx.battery_kwh_usable_source).toMatch(/^fixture-spec oed-testwerk-t-3-2024-t-3-gtx /);
    expect([gtx.source, gtx.max_dc_kw_oem_source]).toEqual(['fixture-spec', 'fixture-spec']);
    const rwd = vehicle(root, 'fixture-motors-arrow-rwd-2024-eu')!;
    expect(rwd.max_dc_kw_oem).toBe('170');
    // The pack voltage, empty beside DC and AC figures of ours, is filled from the record (its class) and cites it alone.
    expect([rwd.architecture_voltage_v, rwd.architecture_voltage_v_source!.split(' ')[0]]).toEqual([
      '400',
      'oed-fixture-motors-arrow-2024-arrow',
    ]);
    expect(rwd.architecture_voltage_v_source).not.toContain('fixture-spec');
    expect(of(result.findings, 'filled')).toContainEqual({
      kind: 'filled',
      record: 'src/fixture_motors/arrow/2024/arrow.json',
      vehicle: 'fixture-motors-arrow-rwd-2024-eu',
      field: 'architecture_voltage_v',
      theirs: '400',
    });
    expect(importReport(result)).toMatch(
      /- empty figures filled, by figure: battery_kwh_usable \d+, architecture_voltage_v \d+/,
    );
    expect(rwd.max_dc_kw_oem_source!.split(' ')).toEqual([
      'fixture-spec',
      'oed-fixture-motors-arrow-2024-arrow',
      expect.stringMatching(/^oed-doc-example-com-fixture-motors-arrow-/),
    ]);
    // Only where it is the record's own market: the region row it lacked is added (GB), the one it had is left.
    expect(regions(root, 'fixture-motors-arrow-rwd-2024-eu')).toEqual(['EU type2/ccs2', 'GB type2/ccs2']);
    expect(
      csv(root, 'vehicle_regions.csv').find(
        (r) => r.vehicle === 'fixture-motors-arrow-rwd-2024-eu' && r.region === 'EU',
      )!.source,
    ).toBe('fixture-spec');
  });

  it("offers a figure our own sources contradict to no other variant: the record's other market goes without it", async () => {
    const root = importProject();
    addOwnPerformance(root, 200);
    await importOpenEvData({ root, from: OED_FIXTURE });
    expect(vehicle(root, 'fixture-motors-arrow-performance-2024-eu')).toMatchObject({
      max_dc_kw_oem: '200',
      max_dc_kw_oem_source: 'fixture-test',
    });
    const na = vehicle(root, 'fixture-motors-arrow-performance-2024-na')!;
    expect([na.max_dc_kw_oem, na.architecture_voltage_v]).toEqual(['', '400']);
    expect(na.note).toContain(
      "max_dc_kw_oem left empty: our own sources for fixture-motors-arrow-performance-2024-eu contradict the record's 250",
    );
  });

  it('leaves a family that has variants of ours that year undecided until mapping.yaml decides', async () => {
    const { root, result } = await imported();
    expect(vehicle(root, 'testwerk-t-3-pro-2024-eu')).toBeUndefined();
    expect(of(result.findings, 'undecided')).toEqual([
      {
        kind: 'undecided',
        record: 'src/testwerk/t_3/2024/t_3.json',
        market: 'EU',
        slug: 'testwerk-t-3-pro-2024-eu',
        existing: ['testwerk-t-3-gtx-2024-eu'],
      },
    ]);
    const decided = await imported(`${TEST_MAPPING}  - record: src/testwerk/t_3/2024/t_3.json\n    create: true\n`);
    expect(vehicle(decided.root, 'testwerk-t-3-pro-2024-eu')).toMatchObject({
      trim: 'PRO',
      battery_kwh_usable: '58',
    });
    const skipped = await imported(`${TEST_MAPPING}  - record: src/testwerk/t_3/2024/t_3.json\n    skip: not ours\n`);
    expect(of(skipped.result.findings, 'skipped')).toContainEqual({
      kind: 'skipped',
      record: 'src/testwerk/t_3/2024/t_3.json',
      market: 'EU',
      reason: 'not ours',
    });
  });

  it('names a variant of ours with the brand, family, year and usable battery of a proposal under another slug', async () => {
    const { result } = await imported();
    expect(of(result.findings, 'alike')).toEqual([]);
    // Our T.3 GTX given the 58 kWh of the record's T.3 PRO: the PRO (proposed as testwerk-t-3-pro-2024-eu) looks like it.
    const root = importProject();
    editData(root, 'vehicles.csv', (text) =>
      text.replace(/^(testwerk-t-3-gtx-2024-eu,Testwerk,T\.3,GTX,2024,)77,/m, '$158,'),
    );
    const alike = await importOpenEvData({ root, from: OED_FIXTURE });
    expect(of(alike.findings, 'alike')).toEqual([
      {
        kind: 'alike',
        record: 'src/testwerk/t_3/2024/t_3.json',
        market: 'EU',
        slug: 'testwerk-t-3-pro-2024-eu',
        existing: ['testwerk-t-3-gtx-2024-eu'],
      },
    ]);
    expect(importReport(alike)).toContain(
      '| src/testwerk/t_3/2024/t_3.json | EU | testwerk-t-3-pro-2024-eu | testwerk-t-3-gtx-2024-eu |',
    );
  });

  it('lets the first of two records decided onto one row fill it, without a conflict with the second', async () => {
    const mapping = `${TEST_MAPPING}  - record: src/testwerk/t_3/2024/t_3.json\n    vehicle: testwerk-t-3-2024-eu\n  - record: src/testwerk/t_3/2024/t_3_gtx.json\n    vehicle: testwerk-t-3-2024-eu\n`;
    const root = importProject(mapping);
    editData(
      root,
      'vehicles.csv',
      (text) =>
        `${text}${csvLine('vehicles', { slug: 'testwerk-t-3-2024-eu', brand: 'Testwerk', family: 'T.3', model_year: '2024', source: 'fixture-spec' })}\n`,
    );
    editData(root, 'vehicle_regions.csv', (text) => `${text}testwerk-t-3-2024-eu,EU,type2,ccs2,fixture-spec\n`);
    const { findings } = await importOpenEvData({ root, from: OED_FIXTURE });
    const row = vehicle(root, 'testwerk-t-3-2024-eu')!;
    expect([row.max_dc_kw_oem, row.max_dc_kw_oem_source!.split(' ')[0]]).toEqual(['135', 'oed-testwerk-t-3-2024-t-3']);
    expect(of(findings, 'conflict').filter((f) => f.vehicle === 'testwerk-t-3-2024-eu')).toEqual([]);
    expect(of(findings, 'matched').filter((f) => f.vehicle === 'testwerk-t-3-2024-eu')).toHaveLength(2);
  });

  it('refuses a decision naming a vehicle we do not have, and writes nothing', async () => {
    const root = importProject(
      `${TEST_MAPPING}  - record: src/mockvolt/twig/2023/twig.json\n    vehicle: mockvolt-twig-nope-2023-eu\n`,
    );
    const before = treeDigest(path.join(root, 'data'));
    await expect(importOpenEvData({ root, from: OED_FIXTURE })).rejects.toThrow(ImportRefused);
    await expect(importOpenEvData({ root, from: OED_FIXTURE })).rejects.toThrow(
      /src\/mockvolt\/twig\/2023\/twig\.json: decision names mockvolt-twig-nope-2023-eu, which is not a vehicle of ours \(nothing was written\)$/,
    );
    expect(treeDigest(path.join(root, 'data'))).toEqual(before);
  });
});

describe('re-importing', () => {
  it('changes nothing when run again on the same release, and a verify finds no difference', async () => {
    const { root } = await imported();
    const once = treeDigest(path.join(root, 'data'));
    expect((await importOpenEvData({ root, from: OED_FIXTURE })).written).toEqual([]);
    expect((await importOpenEvData({ root, from: OED_FIXTURE, verify: true })).differences).toEqual([]);
    expect(treeDigest(path.join(root, 'data'))).toEqual(once);
  });

  it('gives the same data whether a primary figure lands before or after the import', async () => {
    // A maintainer sources the Performance's DC figures (its EU variant) from a document of ours.
    const ownFigures = (root: string) =>
      editData(root, 'vehicles.csv', (text) =>
        text.replace(/^fixture-motors-arrow-performance-2024-eu,.*$/m, (line) => {
          const cells = line.split(',');
          cells[column('vehicles', 'max_dc_kw_oem') - 1] = '240';
          cells[column('vehicles', 'max_dc_kw_oem_source') - 1] = 'fixture-test';
          return cells.join(',');
        }),
      );
    const primaryFirst = importProject();
    addOwnPerformance(primaryFirst, 240);
    await importOpenEvData({ root: primaryFirst, from: OED_FIXTURE });

    const { root: importFirst } = await imported();
    ownFigures(importFirst);
    await importOpenEvData({ root: importFirst, from: OED_FIXTURE });

    // Either way ours stands (240 kW), the record, 4.2 % from it, is cited beside ours, and the pack voltage we lack
    // is the record's, cited to it alone.
    for (const root of [primaryFirst, importFirst]) {
      const row = vehicle(root, 'fixture-motors-arrow-performance-2024-eu')!;
      expect([row.max_dc_kw_oem, row.architecture_voltage_v], root).toEqual(['240', '400']);
      expect(row.max_dc_kw_oem_source!.split(' ').slice(0, 2), root).toEqual([
        'fixture-test',
        'oed-fixture-motors-arrow-2024-arrow-performance',
      ]);
      expect(row.architecture_voltage_v_source!.split(' ')[0], root).toBe(
        'oed-fixture-motors-arrow-2024-arrow-performance',
      );
    }
    // Every figure and its sources alike; only the variant's own `source` tells who created the row.
    const withoutVariantSource = (root: string) => {
      const { source, ...rest } = vehicle(root, 'fixture-motors-arrow-performance-2024-eu')!;
      return [source!.startsWith('oed-'), rest];
    };
    expect(withoutVariantSource(importFirst)).toEqual([true, withoutVariantSource(primaryFirst)[1]]);
    expect(regions(importFirst, 'fixture-motors-arrow-performance-2024-eu')).toEqual(
      regions(primaryFirst, 'fixture-motors-arrow-performance-2024-eu'),
    );
  });

  it("keeps an imported variant's siblings when a contributor gives it a figure of ours", async () => {
    const { root, result: before } = await imported();
    const siblings = ['prototypo-p4-e-volt-40-sportback-2024-eu', 'prototypo-p4-e-volt-50-sportback-2024-eu'];
    for (const slug of siblings) expect(vehicle(root, slug), slug).toBeDefined();
    editData(root, 'vehicles.csv', (text) =>
      text.replace(/^prototypo-p4-e-volt-40-2024-eu,.*$/m, (line) => {
        const cells = line.split(',');
        const [amps, ampsSource] = [
          column('vehicles', 'ac_one_phase_a') - 1,
          column('vehicles', 'ac_one_phase_a_source') - 1,
        ];
        [cells[amps], cells[ampsSource]] = ['32', 'fixture-test'];
        return cells.join(',');
      }),
    );
    const result = await importOpenEvData({ root, from: OED_FIXTURE });
    expect(of(result.findings, 'undecided')).toEqual(of(before.findings, 'undecided'));
    expect(of(result.findings, 'dropped')).toEqual([]);
    for (const slug of siblings) expect(vehicle(root, slug), slug).toBeDefined();
    expect(vehicle(root, 'prototypo-p4-e-volt-40-2024-eu')).toMatchObject({ ac_one_phase_a: '32' });
    expect(vehicle(root, 'prototypo-p4-e-volt-40-2024-eu')!.ac_one_phase_a_source).toBe('fixture-test');
  });

  it('takes back the variants of a record the release no longer has', async () => {
    const { root } = await imported();
    const release = mkdtempSync(path.join(os.tmpdir(), 'ev-oed-'));
    cpSync(OED_FIXTURE, release, { recursive: true });
    rmSync(path.join(release, 'src/mockvolt/breeze/2023/breeze.json'));
    const result = await importOpenEvData({ root, from: release });
    expect(of(result.findings, 'dropped').map((f) => f.vehicle)).toEqual(['mockvolt-breeze-engage-2023-eu']);
    expect(vehicle(root, 'mockvolt-breeze-engage-2023-eu')).toBeUndefined();
    expect(regions(root, 'mockvolt-breeze-engage-2023-eu')).toEqual([]);
    expect([...sources(root).keys()].some((id) => id.startsWith('oed-mockvolt-breeze'))).toBe(false);
  });
});

describe('npm run import', () => {
  it('imports and prints the report; --dry-run writes nothing', async () => {
    const root = importProject();
    const before = treeDigest(path.join(root, 'data'));
    const dry = await runCli('import', ['open-ev-data', OED_FIXTURE, '--dry-run', '--root', root]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^OpenEV Data 1\.24\.0: \d+ records of our markets \(1 others left out, 0 unreadable\)/);
    expect(dry.stdout).toContain('- written: nothing');
    expect(treeDigest(path.join(root, 'data'))).toEqual(before);
    const real = await runCli('import', ['open-ev-data', OED_FIXTURE, '--root', root]);
    expect(real.status).toBe(0);
    expect(real.stdout).toContain(`read from ${OED_FIXTURE}`);
    expect(real.stdout).toMatch(/- written: data\/vehicles\.csv, /);
  });

  it('--verify passes on data that is the re-import, and fails (exit 1) on a hand edit, printing the lines', async () => {
    const root = importProject();
    await importOpenEvData({ root, from: OED_FIXTURE });
    const same = await runCli('import', ['open-ev-data', OED_FIXTURE, '--verify', '--root', root]);
    expect([same.status, same.stdout.trimEnd()]).toEqual([
      0,
      `data/ is exactly OpenEV Data 1.24.0 re-imported from ${OED_FIXTURE}`,
    ]);
    editData(root, 'vehicles.csv', (text) =>
      text.replace(/^(fixture-motors-arrow-performance-2024-eu,.*),250,/m, '$1,260,'),
    );
    const before = treeDigest(path.join(root, 'data'));
    const edited = await runCli('import', ['open-ev-data', OED_FIXTURE, '--verify', '--root', root]);
    expect(edited.status).toBe(1);
    expect(edited.stdout).toContain('## data/vehicles.csv: 1 line(s) only in data/, 1 only in the re-import');
    expect(edited.stdout).toMatch(/^- fixture-motors-arrow-performance-2024-eu,.*,260,/m);
    expect(edited.stdout).toMatch(/^\+ fixture-motors-arrow-performance-2024-eu,.*,250,/m);
    expect(edited.stderr.trimEnd()).toBe(
      'import: data/ is not what the import of OpenEV Data 1.24.0 gives: data/vehicles.csv differ (lines above)',
    );
    expect(treeDigest(path.join(root, 'data'))).toEqual(before);
  });

  it('answers an unknown dataset, a missing path (exit 2, before any work) or a missing pinned release (exit 1) in one line', async () => {
    const root = importProject();
    for (const [args, status, message] of [
      [['other-data'], 2, /^import: <dataset> must be one of open-ev-data, got "other-data"$/],
      [
        ['open-ev-data', '/no/such/release'],
        2,
        /^import: <release> must be an existing release folder or release \.tar\.gz, got "\/no\/such\/release"$/,
      ],
      [
        ['open-ev-data', '--root', root],
        1,
        /^import: looked for OpenEV Data 1\.24\.0 \(data\/imports\/open-ev-data\/pin\.yaml\) in .*\/shared\/upstream\/open-ev-data-dataset\/1\.24\.0, which does not exist; pass the release: npm run import -- open-ev-data <folder \| release \.tar\.gz>$/,
      ],
    ] as const) {
      const result = await runCli('import', [...args]);
      expect(result.status).toBe(status);
      expect(result.stderr.trimEnd()).toMatch(message);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    writeMapping(root, 'decisions: [{ record: nope }]');
    const bad = await runCli('import', ['open-ev-data', OED_FIXTURE, '--root', root]);
    expect(bad.stderr.trimEnd()).toMatch(/^import: .*mapping\.yaml: decisions\.0\.record: /);
  });
});
