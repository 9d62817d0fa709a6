// The importer's rules per fault class found by the review list (gross given as usable, stale after a model-year
// update, copied across battery sizes, the North American on-board charger on a European row) and the maintainers'
// withholdings, on records written here in the upstream's format into a copy of the fixture release.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../build/upstream/data-files.ts';
import {
  copiedAcrossBatterySizes,
  decidedWithholdings,
  grossGivenAsUsable,
  staleAfterModelYearUpdate,
  type WithheldFigures,
} from '../../build/upstream/open-ev-data/cross-checks.ts';
import type { ExtractRecord } from '../../build/upstream/open-ev-data/extract.ts';
import { extractRelease, importOpenEvData, ImportRefused } from '../../build/upstream/open-ev-data/import.ts';
import { parseMapping } from '../../build/upstream/open-ev-data/mapping.ts';
import { offerOf, withheldKey } from '../../build/upstream/open-ev-data/offer.ts';
import { parsePin } from '../../build/upstream/open-ev-data/pin.ts';
import { proposeRecord, type Proposal } from '../../build/upstream/open-ev-data/propose.ts';
import { acFigures, northAmericanChargerOnEuropeanRow } from '../../build/upstream/open-ev-data/rules.ts';
import { runCli } from '../helpers/cli.ts';
import { treeDigest } from '../helpers/fixture.ts';
import { importProject, OED_FIXTURE, TEST_MAPPING, TEST_PIN } from '../helpers/open-ev-data.ts';

interface Probe {
  file: string;
  year: number;
  trim: string;
  markets: string[];
  connector: string;
  gross?: number;
  net?: number;
  ac?: { max_power_kw: number; phases: number };
  dc?: number;
}

/** A record of the fictional make Probe Motors, model Volta, as upstream writes one (one file, no layers). */
const upstreamRecord = (p: Probe) => ({
  schema_version: '1.0.0',
  make: { slug: 'probe_motors', name: 'Probe Motors' },
  model: { slug: 'volta', name: 'Volta' },
  year: p.year,
  trim: { slug: p.trim.toLowerCase().replace(/\W+/g, '_'), name: p.trim },
  vehicle_type: 'suv',
  markets: p.markets,
  battery: {
    ...(p.gross === undefined ? {} : { pack_capacity_kwh_gross: p.gross }),
    ...(p.net === undefined ? {} : { pack_capacity_kwh_net: p.net }),
  },
  charge_ports: [{ kind: 'combo', connector: p.connector }],
  charging: {
    ...(p.ac ? { ac: p.ac } : {}),
    ...(p.dc ? { dc: { max_power_kw: p.dc, architecture_voltage_class: '400v' } } : {}),
  },
  range: { rated: [{ cycle: 'wltp', range_km: 400 }] },
  sources: [{ type: 'oem', title: `Probe Motors Volta ${p.trim} (fictional)`, url: 'https://example.com/probe/volta' }],
});

const PROBES: Probe[] = [
  // A European-inlet record that also lists the US, with a 7.2 kW single-phase charger (the Kona's fault).
  {
    file: '2024/volta.json',
    year: 2024,
    trim: 'Base',
    markets: ['US', 'DE', 'FR'],
    connector: 'ccs2',
    gross: 66.5,
    net: 60,
    ac: { max_power_kw: 7.2, phases: 1 },
    dc: 130,
  },
  // The same family and year with a pack more than 15 % larger and the same DC peak (the Megane 40's fault).
  {
    file: '2024/volta_long_range.json',
    year: 2024,
    trim: 'Long Range',
    markets: ['DE', 'FR'],
    connector: 'ccs2',
    gross: 82,
    net: 77,
    ac: { max_power_kw: 7.2, phases: 1 },
    dc: 130,
  },
  // A pack only slightly larger than the Long Range's, the same peak: no evidence of a copy.
  {
    file: '2024/volta_long_range_plus.json',
    year: 2024,
    trim: 'Long Range Plus',
    markets: ['DE'],
    connector: 'ccs2',
    gross: 85,
    net: 80,
    ac: { max_power_kw: 11, phases: 3 },
    dc: 130,
  },
  // A 2025 record keeping the 2021 peak (the Q4 quattro's fault), and one with the updated peak.
  {
    file: '2025/volta.json',
    year: 2025,
    trim: 'Base',
    markets: ['DE'],
    connector: 'ccs2',
    gross: 82,
    net: 77,
    ac: { max_power_kw: 11, phases: 3 },
    dc: 125,
  },
  {
    file: '2025/volta_sport.json',
    year: 2025,
    trim: 'Sport',
    markets: ['US', 'DE'],
    connector: 'ccs2',
    gross: 82,
    net: 77,
    ac: { max_power_kw: 11, phases: 3 },
    dc: 175,
  },
];

let records: ExtractRecord[];
const record = (file: string) => records.find((r) => r.path === `src/probe_motors/volta/${file}`)!;
const mapping = parseMapping('', 'mapping.yaml');
const proposal = (file: string): Proposal => proposeRecord(record(file), mapping).proposals[0]!;

beforeAll(async () => {
  const release = mkdtempSync(path.join(os.tmpdir(), 'ev-oed-probe-'));
  cpSync(OED_FIXTURE, release, { recursive: true });
  for (const probe of PROBES) {
    const file = path.join(release, 'src/probe_motors/volta', probe.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(upstreamRecord(probe), null, 2));
  }
  const { extract } = await extractRelease(release, parsePin(TEST_PIN, 'pin.yaml'));
  records = extract.records.filter((r) => r.make.slug === 'probe_motors');
  expect(records).toHaveLength(PROBES.length);
});

/** A row of ours in the Volta family, its figures backed by a source of ours. */
const own = (slug: string, year: number, figures: Record<string, string>): Row => ({
  slug,
  brand: 'Probe Motors',
  family: 'Volta',
  trim: 'X',
  model_year: String(year),
  source: 'fixture-spec',
  battery_kwh_usable_source: figures['battery_kwh_usable'] ? 'fixture-spec' : '',
  max_dc_kw_oem_source: figures['max_dc_kw_oem'] ? 'fixture-spec' : '',
  ...figures,
});

describe('market-specific on-board charger (northAmericanChargerOnEuropeanRow)', () => {
  it('does not give a European row the single-phase figure of a European-inlet record that lists the US', () => {
    expect(northAmericanChargerOnEuropeanRow(record('2024/volta.json'), 'EU')).toMatch(/North American markets/);
    expect(acFigures(record('2024/volta.json'), 'EU')).toEqual({ value: null, why: expect.stringMatching(/7.2 kW/) });
    expect(offerOf(proposal('2024/volta.json')).figures).not.toHaveProperty('max_ac_kw_oem');
  });

  it('keeps it where the record lists no North American market, and keeps a three-phase figure', () => {
    expect(acFigures(record('2024/volta_long_range.json'), 'EU').value).toEqual({ kw: 7.2, phases: 1 });
    expect(northAmericanChargerOnEuropeanRow(record('2025/volta_sport.json'), 'EU')).toBeNull();
    expect(acFigures(record('2025/volta_sport.json'), 'EU').value).toEqual({ kw: 11, phases: 3 });
  });
});

describe('copied across battery sizes (copiedAcrossBatterySizes)', () => {
  /** The records are read once the suite starts. */
  const proposals = () => ['2024/volta.json', '2024/volta_long_range.json', '2025/volta.json'].map(proposal);
  /** Our own rows give the family more than one peak: 50 kWh at 100 kW, 80 kWh at 150 kW. */
  const packDependent = [
    own('probe-motors-volta-city-2022-eu', 2022, { battery_kwh_usable: '50', max_dc_kw_oem: '100' }),
    own('probe-motors-volta-long-2022-eu', 2022, { battery_kwh_usable: '80', max_dc_kw_oem: '150' }),
  ];

  it("withholds the smaller pack's DC peak when a pack at least 15 % larger of the family and year gives the same", () => {
    const into: WithheldFigures = new Map();
    copiedAcrossBatterySizes(proposals(), packDependent, into);
    expect(into.get(withheldKey(record('2024/volta.json').path, 'max_dc_kw_oem'))).toMatch(
      /60 kWh pack the 130 kW of src\/probe_motors\/volta\/2024\/volta_long_range\.json/,
    );
    // 77 vs 80 kWh is not 15 % apart; another year is another line-up.
    expect(into.has(withheldKey(record('2024/volta_long_range.json').path, 'max_dc_kw_oem'))).toBe(false);
    expect(into.has(withheldKey(record('2025/volta.json').path, 'max_dc_kw_oem'))).toBe(false);
  });

  it('takes a shared peak where our own sources give the family one peak, or none', () => {
    const into: WithheldFigures = new Map();
    copiedAcrossBatterySizes(proposals(), [], into);
    const samePeak = packDependent.map((row) => ({ ...row, max_dc_kw_oem: '150' }));
    copiedAcrossBatterySizes(proposals(), samePeak, into);
    expect(into.size).toBe(0);
  });
});

describe('gross stored as usable (grossGivenAsUsable)', () => {
  it('withholds the usable capacity of a record whose gross is a usable figure our sources give the family', () => {
    const into: WithheldFigures = new Map();
    const p = proposal('2024/volta.json');
    grossGivenAsUsable([p], [own('probe-motors-volta-2022-eu', 2022, { battery_kwh_usable: '66.5' })], into);
    expect(into.get(withheldKey(p.record.path, 'battery_kwh_usable'))).toMatch(
      /gross 66.5 kWh is the usable capacity our own sources give probe-motors-volta-2022-eu, so its usable 60 kWh/,
    );
    expect(offerOf(p, new Map(), into).figures).not.toHaveProperty('battery_kwh_usable');
  });

  it('takes it when no usable figure of ours matches, or the matching figure is not backed by a source of ours', () => {
    const into: WithheldFigures = new Map();
    const p = proposal('2024/volta.json');
    grossGivenAsUsable([p], [own('a', 2022, { battery_kwh_usable: '70' })], into);
    grossGivenAsUsable(
      [p],
      [{ ...own('b', 2022, { battery_kwh_usable: '66.5' }), battery_kwh_usable_source: 'oed-x' }],
      into,
    );
    expect(into.size).toBe(0);
    expect(offerOf(p, new Map(), into).figures).toMatchObject({ battery_kwh_usable: '60' });
  });
});

describe('stale after a model-year update (staleAfterModelYearUpdate)', () => {
  const rows = [
    own('probe-motors-volta-base-2021-eu', 2021, { max_dc_kw_oem: '125' }),
    own('probe-motors-volta-base-2024-eu', 2024, { max_dc_kw_oem: '135' }),
    own('probe-motors-volta-sport-2024-eu', 2024, { max_dc_kw_oem: '175' }),
  ];

  it("withholds a DC peak our sources give only before the family's latest update, all of whose peaks are higher", () => {
    const into: WithheldFigures = new Map();
    staleAfterModelYearUpdate([proposal('2025/volta.json'), proposal('2025/volta_sport.json')], rows, into);
    expect([...into.keys()]).toEqual([withheldKey(record('2025/volta.json').path, 'max_dc_kw_oem')]);
    expect(into.values().next().value).toMatch(/probe-motors-volta-base-2021-eu; for 2024 they give 135\/175 kW/);
  });

  it('keeps it when that year of ours still has a peak as low, or for a market our rows do not cover', () => {
    const into: WithheldFigures = new Map();
    const lower = [...rows, own('probe-motors-volta-city-2024-eu', 2024, { max_dc_kw_oem: '100' })];
    staleAfterModelYearUpdate([proposal('2025/volta.json')], lower, into);
    const na = rows.map((row) => ({ ...row, slug: row.slug!.replace(/-eu$/, '-na') }));
    staleAfterModelYearUpdate([proposal('2025/volta.json')], na, into);
    expect(into.size).toBe(0);
  });
});

describe("the maintainers' withholdings (mapping.yaml withhold)", () => {
  const text = `withhold:
  - records: [src/probe_motors/volta/2024/volta.json, src/probe_motors/volta/2025/volta.json]
    fields: [max_dc_kw_oem, max_ac_kw_oem]
    why: the 2024 Volta charges at 100 kW
    source: [fixture-spec]
`;

  it('withholds each named figure of each named record, with the reason and sources in the note', () => {
    const into: WithheldFigures = new Map();
    decidedWithholdings(parseMapping(text, 'mapping.yaml'), into);
    expect(into.size).toBe(4);
    const p = proposal('2025/volta.json');
    const offer = offerOf(p, new Map(), into);
    expect(offer.figures).not.toHaveProperty('max_dc_kw_oem');
    expect(offer.figures).toMatchObject({ architecture_voltage_v: '400' });
    expect(offer.whys.max_dc_kw_oem).toContain(
      'max_dc_kw_oem left empty: the 2024 Volta charges at 100 kW (fixture-spec)',
    );
  });

  it('refuses a field the import does not offer, or a withholding without a source', () => {
    expect(() => parseMapping(text.replace('max_ac_kw_oem', 'range_km'), 'mapping.yaml')).toThrow(/fields/);
    expect(() => parseMapping(text.replace('source: [fixture-spec]', 'source: []'), 'mapping.yaml')).toThrow(/source/);
  });
});

describe('withholding in an import', () => {
  const withhold = (source: string) => `${TEST_MAPPING}withhold:
  - records: [src/fixture_motors/arrow/2024/arrow_performance.json]
    fields: [max_dc_kw_oem]
    why: the Performance charges slower
    source: [${source}]
`;

  it('creates the variant without the withheld figure, says why in its note, and writes data the checks pass', async () => {
    const root = importProject(withhold('fixture-test'));
    await importOpenEvData({ root, from: OED_FIXTURE });
    const rows = parseCsv<Record<string, string>>(readFileSync(path.join(root, 'data/vehicles.csv'), 'utf8'), {
      columns: true,
    });
    const row = rows.find((r) => r.slug === 'fixture-motors-arrow-performance-2024-eu')!;
    expect(row.max_dc_kw_oem).toBe('');
    expect(row.source).not.toBe('');
    expect(row.note).toContain('max_dc_kw_oem left empty: the Performance charges slower (fixture-test)');
    const check = await runCli('check', ['--root', root]);
    expect(check.status).toBe(0);
  });

  it('refuses a withholding citing a source we do not have, and writes nothing', async () => {
    const root = importProject(withhold('no-such-source'));
    const before = treeDigest(path.join(root, 'data'));
    await expect(importOpenEvData({ root, from: OED_FIXTURE })).rejects.toThrow(ImportRefused);
    await expect(importOpenEvData({ root, from: OED_FIXTURE })).rejects.toThrow(
      /withhold cites no-such-source, which is not a source/,
    );
    expect(treeDigest(path.join(root, 'data'))).toEqual(before);
  });
});
