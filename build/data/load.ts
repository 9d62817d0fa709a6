// Reads data/ (CSV and YAML) into typed rows, each row knowing its file:line:column; reports file- and row-level problems.
// A file's parse is kept in the derived cache under its bytes, so a rebuild parses only the files that changed, and a
// CSV file's accepted rows by their cells, so that a changed file's unchanged rows are not checked again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { TABLES, type TableName } from './tables.ts';
import type { Location, Problem } from './problems.ts';
import { checkFormat, SCHEMA_CHECK } from './file-checks.ts';
import { cachedValue, readCachedValue, storeCachedValue } from '../infra/derived-cache.ts';
import { fileSizeProblem } from './cell-limits.ts';
import { readCsvRows, type AcceptedRows } from './parse-csv.ts';
import { readYamlRows } from './parse-yaml.ts';
import { RELEASE_FILE } from './release-file.ts';
import { ledgerVehicles, parseShard, shardBytes, shardFile } from './ledger.ts';
import { DataError } from './problems.ts';

/** One parsed row (CSV record or YAML list item) and where each of its fields stands. */
export interface Located<T> {
  value: T;
  file: string;
  line: number;
  at(field?: string): Location;
}

export type LoadedTables = { [K in TableName]: Located<z.output<(typeof TABLES)[K]['schema']>>[] };

/** First-column (CSV) or id (YAML) values of rows rejected by the schema, so other checks don't report them missing too. */
export type RejectedKeys = Partial<Record<TableName, Set<string> | 'all'>>;

/** What checks may know besides the rows: the slugs the ledger shows were published (they must never disappear). */
export interface CheckContext {
  published: { vehicles: ReadonlySet<string>; chargers: ReadonlySet<string> };
}

export interface LoadResult {
  tables: LoadedTables;
  problems: Problem[];
  rejectedKeys: RejectedKeys;
  context: CheckContext;
}

/**
 * The vehicles and chargers the ledger shows were ever published: every ledger row was published by some release
 * (a removed edge keeps its row, marked published=no). A malformed shard is reported where it is wrong. Kept in the
 * derived cache under each shard's name, size, inode and change times: the ledger changes only at a release, and a
 * check then reads no shard at all (any write to a shard changes its ctime, which no tool can set back).
 */
function publishedSlugs(dataDir: string, problems: Problem[]): CheckContext['published'] {
  const vehicles = ledgerVehicles(dataDir);
  const stamps = vehicles.map((vehicle) => {
    const stat = statSync(shardFile(dataDir, vehicle), { bigint: true });
    return `${vehicle}\0${stat.size}\0${stat.ino}\0${stat.mtimeNs}\0${stat.ctimeNs}\n`;
  });
  const found = cachedValue('ledger-published', Buffer.from(stamps.join('')), () => {
    const published = { vehicles: new Set<string>(), chargers: new Set<string>(), malformed: [] as Problem[] };
    for (const vehicle of vehicles) {
      try {
        for (const entry of parseShard(shardBytes(dataDir, vehicle).toString('utf8'), vehicle).values()) {
          published.vehicles.add(vehicle);
          published.chargers.add(entry.charger);
        }
      } catch (error) {
        if (error instanceof DataError) published.malformed.push(...error.problems);
        else throw error;
      }
    }
    return published;
  });
  problems.push(...found.malformed);
  return { vehicles: found.vehicles, chargers: found.chargers };
}

/**
 * One data file read: its rows, its problems, its rejected keys, and where each field of each row stands: `places`
 * holds line and column for row r and field f at 2 × (r × fields.length + f), field 0 ('') being the row itself. Flat
 * numbers, not an object per field, so that the cached parse is read back in a few milliseconds.
 */
interface ParsedTable {
  rows: { value: unknown; line: number }[];
  fields: string[];
  places: Uint32Array;
  problems: Problem[];
  rejected: Set<string> | 'all';
}

/** The derived cache's one entry of a CSV table's accepted rows (the last read's), whatever the file's bytes. */
const acceptedRowsEntry = (name: TableName) => [`rows-${name}`, Buffer.alloc(0)] as const;

/** A CSV file's rows, those the last read of the table accepted taken from it unchecked; that record then updated. */
function readCsvTable(text: string, display: string, name: TableName, problems: Problem[], rejected: Set<string>) {
  const known = readCachedValue<AcceptedRows>(...acceptedRowsEntry(name)) ?? new Map<string, unknown>();
  const accepted: AcceptedRows = new Map();
  const rows = readCsvRows(text, display, TABLES[name].schema, problems, rejected, known, accepted);
  storeCachedValue(...acceptedRowsEntry(name), accepted);
  return rows;
}

/** One file through the format and schema checks, each field's place resolved so that the result can be stored. */
function parseTable(bytes: Buffer, display: string, name: TableName): ParsedTable {
  const table = TABLES[name];
  const { text, problems } = checkFormat(bytes, display);
  const rejected = new Set<string>();
  const before = problems.length;
  const rows = table.file.endsWith('.csv')
    ? readCsvTable(text, display, name, problems, rejected)
    : readYamlRows(text, display, table.schema, problems, rejected);
  const fields = ['', ...Object.keys(table.schema.shape)];
  const places = new Uint32Array(rows.length * fields.length * 2);
  rows.forEach((row, r) =>
    fields.forEach((field, f) => {
      const { line, column } = row.at(field || undefined);
      places.set([line, column], 2 * (r * fields.length + f));
    }),
  );
  return {
    rows: rows.map((row) => ({ value: row.value, line: row.line })),
    fields,
    places,
    problems,
    // A file that could not be read at all (empty, bad header, bad syntax) rejects every key it might define.
    rejected: rows.length === 0 && problems.length > before ? 'all' : rejected,
  };
}

/** Loads every table of `<root>/data`; file names in problems are relative to `root`. */
export function loadTables(root: string): LoadResult {
  const problems: Problem[] = [];
  const dataDir = path.join(root, 'data');
  const expected = new Set<string>(Object.values(TABLES).map((t) => t.file));
  const releaseFiles = new Set([RELEASE_FILE]);
  const present = readdirSync(dataDir, { withFileTypes: true }).filter(
    (entry) => entry.isFile() && /\.(csv|ya?ml)$/.test(entry.name),
  );
  for (const file of present.map((entry) => entry.name).sort()) {
    if (!expected.has(file) && !releaseFiles.has(file)) {
      problems.push({
        file: `data/${file}`,
        line: 1,
        column: 1,
        check: SCHEMA_CHECK,
        message: `unknown data file; the data files are ${[...expected].join(', ')}`,
      });
    }
  }
  const tables = {} as Record<TableName, Located<unknown>[]>;
  const rejectedKeys: RejectedKeys = {};
  for (const [name, table] of Object.entries(TABLES) as [TableName, (typeof TABLES)[TableName]][]) {
    const display = `data/${table.file}`;
    let bytes: Buffer | string;
    try {
      const file = path.join(dataDir, table.file);
      // A file larger than any data file is refused before it is read (it would not fit the build's memory).
      bytes = fileSizeProblem(statSync(file).size, table.file) ?? readFileSync(file);
    } catch {
      // A table that few datasets need (platforms) may be left out: it is then empty.
      if ('optional' in table && table.optional) {
        tables[name] = [];
        rejectedKeys[name] = new Set();
        continue;
      }
      bytes = 'file is missing';
    }
    if (typeof bytes === 'string') {
      problems.push({ file: display, line: 1, column: 1, check: SCHEMA_CHECK, message: bytes });
      tables[name] = [];
      rejectedKeys[name] = 'all';
      continue;
    }
    const parsed = cachedValue(`table-${name}`, bytes, () => parseTable(bytes, display, name));
    problems.push(...parsed.problems);
    const { fields, places } = parsed;
    const fieldIndex = new Map(fields.map((field, f) => [field, f]));
    tables[name] = parsed.rows.map(({ value, line }, r) => ({
      value,
      file: display,
      line,
      at: (field?: string) => {
        const at = 2 * (r * fields.length + (fieldIndex.get(field ?? '') ?? 0));
        return { file: display, line: places[at]!, column: places[at + 1]! };
      },
    }));
    rejectedKeys[name] = parsed.rejected;
  }
  return {
    tables: tables as LoadedTables,
    problems,
    rejectedKeys,
    context: { published: publishedSlugs(dataDir, problems) },
  };
}
