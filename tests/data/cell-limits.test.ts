// Every cell gets a located answer (issue 22): control characters, YAML tags, credentials in a source URL and numbers
// not written as they are published are refused where they stand, and a cell, a row or a file too large for the
// build's memory is refused before it is parsed, by the build in its own 128 MB process too.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CELL_CHARS, MAX_FILE_BYTES } from '../../build/data/cell-limits.ts';
import { loadTables } from '../../build/data/load.ts';
import { formatProblem } from '../../build/data/problems.ts';
import { TABLES } from '../../build/data/tables.ts';
import { spawnCli } from '../helpers/cli.ts';
import { copyBuiltFixture, copyFixture, editData, treeDigest } from '../helpers/fixture.ts';
import { cellColumn, column } from '../helpers/rows.ts';

// The fixture row's first cells, through its (empty) boost and boost source.
const VOLT_A = 'volt-a-400-2024,Fixture,Volt A,400,2024,60,fixture-spec,400,fixture-spec,150,fixture-spec,,,';
// The fixture's second row, whose note the tests below replace.
const VOLT_B =
  'volt-b-800-2024,Fixture,Volt B,800,2024,77,fixture-spec,800,fixture-spec,230,fixture-spec,,,11,fixture-spec,3,' +
  'fixture-spec,,,V2L V2G,,fixture-spec,boost unknown';
const NOTE = cellColumn('vehicles', VOLT_B, 'note');
const BRAND = cellColumn('vehicles', VOLT_A, 'brand');
const VEHICLE_COLUMNS = Object.keys(TABLES.vehicles.schema.shape).length;

/** The problems of the mini fixture with one file edited, as the build prints them. */
function problemsAfter(file: string, edit: (text: string) => string): string[] {
  const root = copyFixture();
  editData(root, file, edit);
  return loadTables(root).problems.map(formatProblem);
}

describe('characters that are never data', () => {
  it.each([
    ['a NUL', 'Ac\u0000ura', 'U+0000 at character 3'],
    ['a tab', 'Ac\tura', 'U+0009 at character 3'],
    ['an escape', '\u001b[31mAcura', 'U+001B at character 1'],
    ['a C1 control', 'Acura\u0085', 'U+0085 at character 6'],
  ])('%s in a CSV cell is refused at its row and column', (_what, brand, where) => {
    expect(problemsAfter('vehicles.csv', (t) => t.replace(VOLT_A, VOLT_A.replace('Fixture', brand)))).toEqual([
      `data/vehicles.csv:2:${BRAND}: [schema] brand: holds the control character ${where}; remove it (it is never data)`,
    ]);
  });

  it('a line break in a quoted CSV cell is refused, and the rows after it keep their lines', () => {
    let edited = '';
    const problems = problemsAfter('vehicles.csv', (t) => {
      edited = t.replace(',boost unknown\n', ',"boost\nunknown"\n').replace(/,2024,/g, ',twenty,');
      return edited;
    });
    const lines = edited.split('\n');
    const twenty = lines.flatMap((line, index) => (line.includes(',twenty,') ? [index + 1] : []));
    expect(twenty.length).toBeGreaterThan(2);
    expect(problems).toEqual(
      [
        // The row with the line break (line 3) is refused for it alone, before its other cells are read.
        ...twenty
          .filter((line) => line !== 3)
          .map(
            (line) =>
              `data/vehicles.csv:${line}:${cellColumn('vehicles', lines[line - 1]!, 'model_year')}: [schema] model_year: must be a whole number, got "twenty"`,
          ),
        `data/vehicles.csv:3:${cellColumn('vehicles', lines[2]!, 'note')}: [schema] note: holds the control character U+000A at character 6; remove it (it is never data)`,
      ].sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1])),
    );
  });

  it('a NUL in a YAML value is refused at its line and column', () => {
    expect(
      problemsAfter('sources.yaml', (t) =>
        t.replace('title: Fixture specification sheet', 'title: "Fixture \\0 sheet"'),
      ),
    ).toEqual([
      'data/sources.yaml:4:10: [schema] title: holds the control character U+0000 at character 9; remove it (it is never data)',
    ]);
  });
});

describe('YAML holds plain values', () => {
  it.each([
    ['!!js/function', '"function () { return 1 }"'],
    ['!!str', 'Fixture specification sheet'],
    ['!secret', 'Fixture specification sheet'],
  ])('%s is refused at its value', (tag, value) => {
    expect(
      problemsAfter('sources.yaml', (t) => t.replace('title: Fixture specification sheet', `title: ${tag} ${value}`)),
    ).toEqual([
      `data/sources.yaml:4:${10 + tag.length + 1}: [schema] title: the tag ${tag} is not allowed; data files hold plain values`,
    ]);
  });
});

describe('a source URL holds no credentials', () => {
  it.each(['https://user:pass@example.org/fixture-test', 'https://user@example.org/fixture-test'])('%s', (url) => {
    expect(
      problemsAfter('sources.yaml', (t) => t.replace('url: https://example.org/fixture-test', `url: ${url}`)),
    ).toEqual([
      'data/sources.yaml:10:8: [schema] url: must not hold a user name or password (https://user:pass@…): cite the public address',
    ]);
  });
});

describe('numbers are written as they are published', () => {
  it.each([
    ['02024', 'model_year', '2024'],
    ['+2024', 'model_year', '2024'],
    ['-0', 'boost_dc_kw', '0'],
    ['190.00000000000000000001', 'max_dc_kw_oem', '190'],
    ['150.0', 'max_dc_kw_oem', '150'],
    ['060', 'battery_kwh_usable', '60'],
  ] as const)('%s in a CSV cell is refused at its column', (written, field, published) => {
    const at = column('vehicles', field);
    const cells = VOLT_A.split(',');
    cells[at - 1] = written;
    const message =
      written === '+2024'
        ? `model_year: must be a whole number, got "+2024"`
        : `${field}: must be written as it is published, ${published}, got "${written}"` +
          // boost_dc_kw also takes the word yes (a boost path whose power is not stated), and says so.
          (field === 'boost_dc_kw' ? ' (or yes)' : '');
    expect(problemsAfter('vehicles.csv', (t) => t.replace(VOLT_A, cells.join(',')))).toEqual([
      `data/vehicles.csv:2:${cellColumn('vehicles', cells.join(','), field)}: [schema] ${message}`,
    ]);
  });

  it.each([
    ['0150', '150'],
    ['150.0', '150'],
    ['0x96', '150'],
    ['1.5e2', '150'],
  ])('%s in a YAML number is refused at its line and column', (written, published) => {
    expect(problemsAfter('adapters.yaml', (t) => t.replace('max_kw: 150', `max_kw: ${written}`))).toEqual([
      `data/adapters.yaml:7:11: [schema] max_kw: the number ${written} must be written as it is published, ${published}`,
    ]);
  });
});

describe('cells, rows and files too large for the build', () => {
  it(`a cell of ${MAX_CELL_CHARS + 1} characters is refused at its row and column`, () => {
    expect(
      problemsAfter('vehicles.csv', (t) => t.replace(',boost unknown\n', `,${'n'.repeat(MAX_CELL_CHARS + 1)}\n`)),
    ).toEqual([
      `data/vehicles.csv:3:${NOTE}: [schema] note: holds ${MAX_CELL_CHARS + 1} characters; a cell holds at most ${MAX_CELL_CHARS}`,
    ]);
  });

  it('a YAML value as long is refused at its line and column', () => {
    expect(
      problemsAfter('sources.yaml', (t) =>
        t.replace('title: Fixture specification sheet', `title: ${'t'.repeat(MAX_CELL_CHARS + 1)}`),
      ),
    ).toEqual([
      `data/sources.yaml:4:10: [schema] title: holds ${MAX_CELL_CHARS + 1} characters; a cell holds at most ${MAX_CELL_CHARS}`,
    ]);
  });

  it('a row longer than every cell at its longest stops the parse at that row, before it is held whole', () => {
    const problems = problemsAfter('vehicles.csv', (t) => t.replace(',boost unknown\n', `,${'n'.repeat(2_000_000)}\n`));
    expect(problems).toEqual([
      `data/vehicles.csv:3:${NOTE}: [schema] row is longer than ${(MAX_CELL_CHARS + 1) * VEHICLE_COLUMNS} characters; a cell holds at most ${MAX_CELL_CHARS}`,
    ]);
  });

  it.each([
    ['vehicles.csv', 'CSV', MAX_FILE_BYTES.csv],
    ['sources.yaml', 'YAML', MAX_FILE_BYTES.yaml],
  ])('%s over its size limit is refused before it is read', (file, kind, limit) => {
    const [problem, ...others] = problemsAfter(file, (t) => `${t}#${' '.repeat(limit)}\n`);
    expect(others).toEqual([]);
    expect(problem).toBe(
      `data/${file}:1:1: [schema] file is ${(limit / 1024 / 1024).toFixed(1)} MiB; a ${kind} data file is at most ${limit / 1024 / 1024} MiB`,
    );
  });

  it('npm run build, in its own 128 MB process, answers a 50 MB note with one located line and leaves public/ as it was', async () => {
    const root = await copyBuiltFixture();
    const before = treeDigest(path.join(root, 'public'));
    const file = path.join(root, 'data/vehicles.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace(',boost unknown\n', `,${'n'.repeat(50 * 1024 * 1024)}\n`));
    // The heap npm run build runs with (package.json), so that a cell too large for it would crash it.
    const result = await spawnCli('build', ['--root', root], {
      env: { NODE_OPTIONS: '--max-old-space-size=128 --max-semi-space-size=8' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'data/vehicles.csv:1:1: [schema] file is 50.0 MiB; a CSV data file is at most 16 MiB\nbuild: stopped, 1 problem(s) in data/\n',
    );
    expect(treeDigest(path.join(root, 'public'))).toEqual(before);
  });
});
