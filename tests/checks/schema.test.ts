// The "schema" check (build/checks/schema.ts, reported by build/data/parse-csv.ts and parse-yaml.ts while each file is
// read): the exact header or known fields, and every cell through its column, each problem at its line and column.
import { describe, expect, it } from 'vitest';
import { schema } from '../../build/checks/schema.ts';
import { fieldPlaces, readCsvRows } from '../../build/data/parse-csv.ts';
import { readYamlRows } from '../../build/data/parse-yaml.ts';
import type { Problem } from '../../build/data/problems.ts';
import { TABLES } from '../../build/data/tables.ts';
import { cellColumn, csvLine } from '../helpers/rows.ts';

const V = 'data/vehicles.csv';
const HEADER = Object.keys(TABLES.vehicles.schema.shape).join(',');
const ROW = csvLine('vehicles', {
  slug: 'test-car-2024-eu',
  brand: 'Test',
  family: 'Car',
  model_year: '2024',
  source: 'spec-sheet',
});

/** The rows kept, the rejected keys and the problems as file:line:column [check] message. */
function readCsv(text: string) {
  const problems: Problem[] = [];
  const rejected = new Set<string>();
  const rows = readCsvRows(text, V, TABLES.vehicles.schema, problems, rejected);
  return { rows, rejected, problems: problems.map((p) => `${p.file}:${p.line}:${p.column} [${p.check}] ${p.message}`) };
}

describe('schema', () => {
  it('keeps a row whose every cell passes its column, each field at its column', () => {
    const { rows, problems } = readCsv(`${HEADER}\n${ROW}\n`);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatchObject({
      slug: 'test-car-2024-eu',
      model_year: 2024,
      trim: null,
      source: ['spec-sheet'],
    });
    expect(rows[0]!.at('model_year')).toEqual({ file: V, line: 2, column: cellColumn('vehicles', ROW, 'model_year') });
  });

  it('reports a cell its column refuses at its line and column, and leaves the row out by its key', () => {
    const { rows, rejected, problems } = readCsv(`${HEADER}\n${ROW.replace(',2024,', ',twenty,')}\n`);
    expect(problems).toEqual([
      `${V}:2:${cellColumn('vehicles', ROW, 'model_year')} [${schema.name}] model_year: must be a whole number, got "twenty"`,
    ]);
    expect(rows).toEqual([]);
    expect([...rejected]).toEqual(['test-car-2024-eu']);
  });

  it('reports a missing column at its place in the header, and reads no row', () => {
    const { rows, problems } = readCsv(`${HEADER.replace('brand,', '')}\n${ROW}\n`);
    // The header without brand: its second cell (where brand belongs) starts after "slug,".
    expect(problems).toEqual([`${V}:1:6 [schema] missing column "brand"`]);
    expect(rows).toEqual([]);
  });

  it('reports an empty file and a row with the wrong number of cells', () => {
    expect(readCsv('').problems).toEqual([`${V}:1:1 [schema] file is empty; it needs the header row: ${HEADER}`]);
    expect(readCsv(`${HEADER}\n${ROW},extra\n`).problems).toEqual([
      `${V}:2:${ROW.length + 2} [schema] row has ${HEADER.split(',').length + 1} cells but the header has ${HEADER.split(',').length}`,
    ]);
  });

  it('reports a YAML value its field refuses at the line and column of the value', () => {
    const problems: Problem[] = [];
    const text = '- id: spec-sheet\n  kind: rumour\n  title: A sheet\n  url: null\n  accessedAt: null\n';
    expect(readYamlRows(text, 'data/sources.yaml', TABLES.sources.schema, problems, new Set())).toEqual([]);
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} [${p.check}]`)).toEqual([
      'data/sources.yaml:2:9 [schema]',
    ]);
  });
});

describe('schema: rows accepted by an earlier read', () => {
  const SECOND = ROW.replace('test-car-2024-eu', 'test-car-2025-eu').replace(',2024,', ',2025,');
  const read = (text: string, known: ReadonlyMap<string, unknown>) => {
    const problems: Problem[] = [];
    const accepted = new Map<string, unknown>();
    const rows = readCsvRows(text, V, TABLES.vehicles.schema, problems, new Set(), known, accepted);
    return { rows, problems, accepted };
  };

  it('records every accepted row by its cells, and a read that knows them gives the same rows at their new lines', () => {
    const first = read(`${HEADER}\n${ROW}\n${SECOND}\n`, new Map());
    expect(first.accepted.size).toBe(2);
    const again = read(`${HEADER}\n${SECOND}\n${ROW}\n`, first.accepted);
    expect(again.problems).toEqual([]);
    expect(again.rows.map((row) => [row.line, row.value])).toEqual([
      [2, first.rows[1]!.value],
      [3, first.rows[0]!.value],
    ]);
    expect(again.accepted).toEqual(first.accepted);
  });

  it('checks a changed row again: its problem is reported though the row it replaced was accepted', () => {
    const { accepted } = read(`${HEADER}\n${ROW}\n${SECOND}\n`, new Map());
    const broken = SECOND.replace(',2025,', ',twenty,');
    const { rows, problems } = read(`${HEADER}\n${ROW}\n${broken}\n`, accepted);
    expect(rows.map((row) => row.line)).toEqual([2]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      line: 3,
      column: cellColumn('vehicles', broken, 'model_year'),
      check: 'schema',
    });
  });
});

describe('fieldPlaces: a CSV cell located by its character column', () => {
  it('starts each cell after the commas before it, quoted cells, doubled quotes and line breaks included', () => {
    const { starts, end } = fieldPlaces('a,"b, ""c""",,"d\ne",f');
    expect(starts).toEqual([
      { line: 0, column: 1 },
      { line: 0, column: 3 },
      { line: 0, column: 14 },
      { line: 0, column: 15 },
      { line: 1, column: 4 },
    ]);
    expect(end).toEqual({ line: 1, column: 5 });
  });

  it('reports a quoted cell with a line break at its start, and the next row on its own line', () => {
    const note = `${ROW.slice(0, ROW.lastIndexOf(','))},"two\nlines"`;
    const next = ROW.replace('2024-eu', '2025-eu').replace(',2024,', ',x,');
    const { problems } = readCsv(`${HEADER}\n${note}\n${next}\n`);
    expect(problems.map((p) => p.split(' [')[0])).toEqual([
      `${V}:2:${cellColumn('vehicles', note.split('\n')[0]!, 'note')}`,
      `${V}:4:${cellColumn('vehicles', next, 'model_year')}`,
    ]);
  });
});
