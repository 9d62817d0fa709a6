// Reads data/ (CSV and YAML) into typed rows, each row knowing its file:line:column; reports file- and row-level problems.
// A file's parse is kept in the derived cache under its bytes, so a rebuild parses only the files that changed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { TABLES, type TableName } from './tables.ts';
import type { Location, Problem } from './problems.ts';
import { checkFormat, SCHEMA_CHECK } from './file-checks.ts';
import { cachedValue } from '../core/derived-cache.ts';
import { fileSizeProblem } from './cell-limits.ts';
import { readCsvRows } from './parse-csv.ts';
import { readYamlRows } from './parse-yaml.ts';
import { RELEASE_FILE } from './release-file.ts';
import { ledgerVehicles, parseShard, shardBytes } from './ledger.ts';
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
 * derived cache by the shards' bytes: the ledger changes only at a release.
 */
function publishedSlugs(dataDir: string, problems: Problem[]): CheckContext['published'] {
  const shards = ledgerVehicles(dataDir).map((vehicle) => [vehicle, shardBytes(dataDir, vehicle)] as const);
  const input = Buffer.concat(shards.flatMap(([vehicle, bytes]) => [Buffer.from(`\0${vehicle}\0`), bytes]));
  const found = cachedValue('ledger-published', input, () => {
    const vehicles = new Set<string>();
    const chargers = new Set<string>();
    const malformed: Problem[] = [];
    for (const [vehicle, bytes] of shards) {
      try {
        for (const entry of parseShard(bytes.toString('utf8'), vehicle).values()) {
          vehicles.add(vehicle);
          chargers.add(entry.charger);
        }
      } catch (error) {
        if (error instanceof DataError) malformed.push(...error.problems);
        else throw error;
      }
    }
    return { vehicles, chargers, malformed };
  });
  problems.push(...found.malformed);
  return { vehicles: found.vehicles, chargers: found.chargers };
}

/** One data file read: its rows with the place of each field ('' for the row itself), its problems, its rejected keys. */
interface ParsedTable {
  rows: { value: unknown; line: number; places: Record<string, { line: number; column: number }> }[];
  problems: Problem[];
  rejected: Set<string> | 'all';
}

/** One file through the format and schema checks, each field's place resolved so that the result can be stored. */
function parseTable(bytes: Buffer, display: string, table: (typeof TABLES)[TableName]): ParsedTable {
  const { text, problems } = checkFormat(bytes, display);
  const rejected = new Set<string>();
  const before = problems.length;
  const rows = table.file.endsWith('.csv')
    ? readCsvRows(text, display, table.schema, problems, rejected)
    : readYamlRows(text, display, table.schema, problems, rejected);
  const place = (row: Located<unknown>, field?: string) => {
    const { line, column } = row.at(field);
    return { line, column };
  };
  return {
    rows: rows.map((row) => ({
      value: row.value,
      line: row.line,
      places: Object.fromEntries(
        ['', ...Object.keys(table.schema.shape)].map((field) => [field, place(row, field || undefined)]),
      ),
    })),
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
      bytes = 'file is missing';
    }
    if (typeof bytes === 'string') {
      problems.push({ file: display, line: 1, column: 1, check: SCHEMA_CHECK, message: bytes });
      tables[name] = [];
      rejectedKeys[name] = 'all';
      continue;
    }
    const parsed = cachedValue(`table-${name}`, bytes, () => parseTable(bytes, display, table));
    problems.push(...parsed.problems);
    tables[name] = parsed.rows.map(({ value, line, places }) => ({
      value,
      file: display,
      line,
      at: (field?: string) => ({ file: display, ...(places[field ?? ''] ?? places['']!) }),
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
