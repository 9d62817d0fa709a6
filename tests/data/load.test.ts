// The loader keeps each data file's parsed rows in the derived cache: what it returns is what parsing the file gives.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFormat } from '../../build/data/file-checks.ts';
import { readCsvRows } from '../../build/data/parse-csv.ts';
import { readYamlRows } from '../../build/data/parse-yaml.ts';
import { loadTables, type Located } from '../../build/data/load.ts';
import type { Problem } from '../../build/data/problems.ts';
import { TABLES, type TableName } from '../../build/data/tables.ts';
import { copyFixture, editData, MINI_FIXTURE } from '../helpers/fixture.ts';

/** The table as the schema check parses it, without the cache. */
function parsedDirectly(root: string, name: TableName): { rows: Located<unknown>[]; problems: Problem[] } {
  const table = TABLES[name];
  const display = `data/${table.file}`;
  const { text, problems } = checkFormat(readFileSync(path.join(root, 'data', table.file)), display);
  const read = table.file.endsWith('.csv') ? readCsvRows : readYamlRows;
  return { rows: read(text, display, table.schema, problems, new Set()), problems };
}

/** A row as data checks see it: its value, its line, and where each field (and the row itself) is reported. */
const seen = (name: TableName, row: Located<unknown>) => ({
  value: row.value,
  file: row.file,
  line: row.line,
  places: [undefined, ...Object.keys(TABLES[name].schema.shape)].map((field) => row.at(field)),
});

describe('loadTables', () => {
  it('gives every table of the mini fixture exactly as parsing gives it, field places included, on a miss and on a hit', () => {
    for (let pass = 0; pass < 2; pass += 1) {
      const { tables } = loadTables(MINI_FIXTURE);
      for (const name of Object.keys(TABLES) as TableName[]) {
        expect(
          tables[name].map((row) => seen(name, row)),
          name,
        ).toEqual(parsedDirectly(MINI_FIXTURE, name).rows.map((row) => seen(name, row)));
      }
    }
  });

  it("reports a changed file's problems, not those of the cached bytes it replaced", () => {
    const root = copyFixture();
    editData(root, 'sources.yaml', (t) => t.replace(/kind: \w+/, 'kind: rumour'));
    editData(root, 'vehicles.csv', (t) => t.replace(/\n([^,\n]+),/, '\n$1 X,'));
    const broken = loadTables(root).problems;
    expect(broken.map((p) => `${p.file}:${p.line}:${p.column}`).sort()).toEqual(
      [...parsedDirectly(root, 'sources').problems, ...parsedDirectly(root, 'vehicles').problems]
        .map((p) => `${p.file}:${p.line}:${p.column}`)
        .sort(),
    );
    expect(new Set(broken.map((p) => p.file))).toEqual(new Set(['data/sources.yaml', 'data/vehicles.csv']));
    const fixed = copyFixture();
    expect(loadTables(fixed).problems).toEqual([]);
  });

  it('sees a ledger shard rewritten with content of the same size (the published slugs are cached by stat)', () => {
    const root = copyFixture();
    const shard = path.join(root, 'data', 'ledger', 'volt-a-400-2024.csv');
    expect(loadTables(root).context.published.chargers.has('amp-dc-50')).toBe(true);
    writeFileSync(shard, readFileSync(shard, 'utf8').replaceAll('amp-dc-50,', 'amp-dc-59,'));
    const published = loadTables(root).context.published.chargers;
    expect(published.has('amp-dc-59')).toBe(true);
    writeFileSync(shard, 'charger,region\n');
    expect(loadTables(root).problems.map((p) => `${p.file}:${p.line}:${p.column}`)).toEqual([
      'data/ledger/volt-a-400-2024.csv:1:1',
    ]);
  });
});
