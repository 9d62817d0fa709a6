// The data files an import rewrites (vehicles.csv, vehicle_regions.csv, sources.yaml), read as plain text cells and
// written back in the form npm run fix gives them: rows in order, cells quoted only where needed, other rows untouched.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { fileSizeProblem } from '../data/cell-limits.ts';
import { checkFormat, SCHEMA_CHECK } from '../data/file-checks.ts';
import { fixCsv, fixYaml } from '../data/fix.ts';
import { readCsvRows } from '../data/parse-csv.ts';
import { readYamlRows } from '../data/parse-yaml.ts';
import type { Problem } from '../data/problems.ts';
import { TABLES } from '../data/tables.ts';

/** A CSV row as text cells, by column name. */
export type Row = Record<string, string>;

/** A sources.yaml entry: its id and kind, and its text exactly as the file has it. */
export interface SourceText {
  id: string;
  kind: string;
  text: string;
}

export interface ImportFiles {
  vehicles: Row[];
  vehicleRegions: Row[];
  /** The comment lines before the first entry of sources.yaml. */
  sourcesHead: string;
  sources: SourceText[];
}

const CSV_TABLES = { vehicles: TABLES.vehicles, vehicleRegions: TABLES.vehicleRegions } as const;
const columns = (table: keyof typeof CSV_TABLES) => Object.keys(CSV_TABLES[table].schema.shape);

function readRows(root: string, table: keyof typeof CSV_TABLES): Row[] {
  const text = readFileSync(path.join(root, 'data', CSV_TABLES[table].file), 'utf8');
  return parseCsv<Row>(text, { columns: true, skip_empty_lines: true });
}

/** Splits sources.yaml into its head and its entries (each from its "- id:" line to the next). */
function readSources(root: string): Pick<ImportFiles, 'sourcesHead' | 'sources'> {
  const lines = readFileSync(path.join(root, 'data', TABLES.sources.file), 'utf8')
    .replace(/\n$/, '')
    .split('\n');
  const first = lines.findIndex((line) => line.startsWith('- '));
  const blocks: string[][] = [];
  for (const line of first === -1 ? [] : lines.slice(first)) {
    if (line.startsWith('- ')) blocks.push([line]);
    else blocks[blocks.length - 1]!.push(line);
  }
  return {
    sourcesHead: (first === -1 ? lines : lines.slice(0, first)).join('\n'),
    sources: blocks.map((block) => {
      const text = block.join('\n');
      const [entry] = parseYaml(text) as [{ id?: string; kind?: string } | undefined];
      return { id: entry?.id ?? '', kind: entry?.kind ?? '', text };
    }),
  };
}

export function readImportFiles(root: string): ImportFiles {
  return {
    vehicles: readRows(root, 'vehicles'),
    vehicleRegions: readRows(root, 'vehicleRegions'),
    ...readSources(root),
  };
}

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

function csvText(table: keyof typeof CSV_TABLES, rows: readonly Row[]): string {
  const header = columns(table);
  const lines = [header, ...rows.map((row) => header.map((column) => row[column] ?? ''))];
  return fixCsv(table, `${lines.map((cells) => cells.map(quote).join(',')).join('\n')}\n`).text;
}

/** The text of a sources.yaml entry with these fields, in the file's style (title quoted, url bare where it can be). */
export function sourceText(entry: { id: string; kind: string; title: string; url: string | null }): string {
  const url =
    entry.url === null
      ? 'null'
      : /^[A-Za-z0-9:/._~%?&=+@!$*,;()-]+$/.test(entry.url) && !entry.url.includes(' #')
        ? entry.url
        : JSON.stringify(entry.url);
  return [
    `- id: ${entry.id}`,
    `  kind: ${entry.kind}`,
    `  title: ${JSON.stringify(entry.title)}`,
    `  url: ${url}`,
    '  accessedAt: null',
  ].join('\n');
}

/** The three files' new texts, by file name under data/ (only what differs from `before` needs writing). */
export function importFileTexts(files: ImportFiles): Record<string, string> {
  const sources = `${files.sourcesHead ? `${files.sourcesHead}\n` : ''}${files.sources.map((s) => s.text).join('\n')}\n`;
  return {
    [TABLES.vehicles.file]: csvText('vehicles', files.vehicles),
    [TABLES.vehicleRegions.file]: csvText('vehicleRegions', files.vehicleRegions),
    [TABLES.sources.file]: fixYaml('sources', sources).text,
  };
}

const TABLE_OF_FILE = new Map(Object.values(TABLES).map((table) => [table.file as string, table]));

/**
 * What the checks would refuse in the files an import is about to write, read as the checks read them (file size,
 * format, every cell's limits and characters, every column's schema); located in the new text, file:line:column.
 */
export function importTextProblems(texts: Record<string, string>): Problem[] {
  return Object.entries(texts).flatMap(([file, text]) => {
    const display = `data/${file}`;
    const size = fileSizeProblem(Buffer.byteLength(text), file);
    if (size !== null) return [{ file: display, line: 1, column: 1, check: SCHEMA_CHECK, message: size }];
    const table = TABLE_OF_FILE.get(file)!;
    const { text: checked, problems } = checkFormat(Buffer.from(text), display);
    const read = file.endsWith('.csv') ? readCsvRows : readYamlRows;
    read(checked, display, table.schema, problems, new Set());
    return problems;
  });
}

/** Writes the files whose text changed; returns their names. */
export function writeImportFiles(root: string, texts: Record<string, string>): string[] {
  return Object.entries(texts).flatMap(([file, text]) => {
    const target = path.join(root, 'data', file);
    if (readFileSync(target, 'utf8') === text) return [];
    writeFileSync(target, text);
    return [`data/${file}`];
  });
}
