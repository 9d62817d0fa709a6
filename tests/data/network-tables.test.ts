// The three network tables (build/data/tables.ts): each cell through its column, a header-only file, and the loader
// indexing them per network and region (build/data/networks.ts), with what a network's terms admit.
import { mkdtempSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexTables } from '../../build/data/dataset.ts';
import { loadTables } from '../../build/data/load.ts';
import { admits } from '../../build/data/networks.ts';
import { readCsvRows } from '../../build/data/parse-csv.ts';
import type { Problem } from '../../build/data/problems.ts';
import { TABLES } from '../../build/data/tables.ts';
import { MINI_FIXTURE } from '../helpers/fixture.ts';
import { networkRegion, startOfCell } from '../helpers/rows.ts';

const header = (table: 'networks' | 'networkRegions' | 'networkChargers') =>
  Object.keys(TABLES[table].schema.shape).join(',');

function read(table: 'networks' | 'networkRegions' | 'networkChargers', text: string) {
  const problems: Problem[] = [];
  const rows = readCsvRows(text, `data/${TABLES[table].file}`, TABLES[table].schema, problems, new Set());
  return { rows: rows.map((r) => r.value), problems: problems.map((p) => `${p.line}:${p.column} ${p.message}`) };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('network tables', () => {
  it('reads a network region with its site count, date, sources and access terms typed', () => {
    const { rows, problems } = read(
      'networkRegions',
      `${header('networkRegions')}\nnet,GB,120,2025-06-30,a b,brand-only,Tesla,c,\n`,
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        network: 'net',
        region: 'GB',
        dc_sites: 120,
        dc_sites_as_of: '2025-06-30',
        dc_sites_source: ['a', 'b'],
        access: 'brand-only',
        access_brands: ['Tesla'],
        access_source: ['c'],
        note: null,
      },
    ]);
  });

  it('refuses a negative site count, a day that does not exist, an unknown access and a link without a source', () => {
    const REGION = 'net,EU,-1,2025-02-30,a,closed,,c,';
    expect(read('networkRegions', `${header('networkRegions')}\n${REGION}\n`).problems).toEqual([
      `2:${startOfCell(REGION, 2)} dc_sites: must be between 0 and 1000000, got -1`,
      `2:${startOfCell(REGION, 3)} dc_sites_as_of: must be a date written YYYY-MM-DD, got "2025-02-30"`,
      `2:${startOfCell(REGION, 5)} access: must be one of open, partly-open, brand-only, got "closed"`,
    ]);
    const LINK = 'net,EU,hpc,,';
    expect(read('networkChargers', `${header('networkChargers')}\n${LINK}\n`).problems).toEqual([
      `2:${startOfCell(LINK, 3)} source: is required (one or more values separated by spaces)`,
    ]);
    expect(read('networks', `${header('networks')}\nnet,,a,\n`).problems).toEqual([
      `2:${startOfCell('net,,a,', 1)} name: is required`,
    ]);
  });

  it('loads header-only network files as empty tables, and the fixture’s networks indexed per region', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'network-tables-'));
    dirs.push(root);
    cpSync(path.join(MINI_FIXTURE, 'data'), path.join(root, 'data'), { recursive: true });
    const fixture = indexTables(loadTables(MINI_FIXTURE).tables);
    expect(fixture.networks.length).toBeGreaterThan(0);
    for (const table of ['networks', 'networkRegions', 'networkChargers'] as const)
      writeFileSync(path.join(root, 'data', TABLES[table].file), `${header(table)}\n`);
    const loaded = loadTables(root);
    expect(loaded.problems).toEqual([]);
    expect(indexTables(loaded.tables).networks).toEqual([]);
  });

  it('admits any brand where open, the named brands everywhere, others at some sites or nowhere', () => {
    expect(admits(networkRegion(), 'Kia')).toBe('yes');
    expect(admits(networkRegion({ access: 'brand-only', access_brands: ['Tesla'] }), 'Tesla')).toBe('yes');
    expect(admits(networkRegion({ access: 'brand-only', access_brands: ['Tesla'] }), 'Kia')).toBe('no');
    expect(admits(networkRegion({ access: 'partly-open', access_brands: ['Tesla'] }), 'Kia')).toBe('some-sites');
  });
});
