// Mechanical fixes for data/ (npm run fix): UTF-8 without BOM, LF endings, trimmed cells, single spaces, rows in order,
// the columns tables.ts declares and a CSV file lacks (empty, in place); each fix is reported per file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { addDeclaredColumns } from './declared-columns.ts';
import { compareKeys, misplacedRows, ROW_ORDER, rowLabel } from './order.ts';
import { TABLES, type TableName } from './tables.ts';

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A fixed text and the fixes it took, in words. */
export interface Fixed {
  text: string;
  changes: string[];
}

/** What every file shares: the byte-order mark and CR LF line endings. */
function fixEncoding(text: string, changes: string[]): string {
  let fixed = text;
  if (fixed.charCodeAt(0) === 0xfeff) {
    fixed = fixed.slice(1);
    changes.push('removed the byte-order mark');
  }
  const crlf = fixed.split('\r').length - 1;
  if (crlf > 0) {
    fixed = fixed.replace(/\r\n?/g, '\n');
    changes.push(`changed ${plural(crlf, 'line ending')} from CR LF to LF`);
  }
  return fixed;
}

/** Rows a fix names when it moved no more than this many; beyond, it counts them. */
export const NAMED_UP_TO = 5;

/**
 * What putting rows in order changed: the rows that moved (the fewest that put the file in order, not every row whose
 * position shifted), named when few: "put 1 row back in order: kia-ev6-gt-2023-eu". Null when nothing moved.
 */
function reorder(table: TableName, rows: readonly Record<string, unknown>[], noun: [string, string]): string | null {
  const moved = misplacedRows(rows.map(ROW_ORDER[table]));
  if (moved.length === 0) return null;
  const names = moved.map(({ index }) => rowLabel(table, rows[index]!));
  const named = moved.length <= NAMED_UP_TO ? `: ${names.join(', ')}` : '';
  return `put ${plural(moved.length, ...noun)} back in order${named}`;
}

/** The fixed text of a CSV table; throws when the file cannot be parsed (a human must look at it). */
export function fixCsv(table: TableName, text: string): Fixed {
  const changes: string[] = [];
  const decoded = fixEncoding(text, changes);
  const records: string[][] = parseCsv(decoded, { relax_column_count: true, skip_empty_lines: true });
  let respaced = 0;
  const cleaned = records.map((record) =>
    record.map((cell) => {
      const tidy = cell.trim().replace(/[ \t]+/g, ' ');
      if (tidy !== cell) respaced += 1;
      return tidy;
    }),
  );
  if (respaced > 0) changes.push(`trimmed spaces in ${plural(respaced, 'cell')}`);
  const [found, ...foundRows] = cleaned;
  if (!found) return { text: '', changes };
  const { header, rows, added } = addDeclaredColumns(Object.keys(TABLES[table].schema.shape), found, foundRows);
  for (const name of added)
    changes.push(`added column ${name} where tables.ts places it, empty on ${plural(rows.length, 'row')}`);
  const cells = (row: string[]) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']));
  const key = (row: string[]) => ROW_ORDER[table](cells(row));
  const sorted = [...rows].sort((a, b) => compareKeys(key(a), key(b)));
  const moved = reorder(table, rows.map(cells), ['row', 'rows']);
  if (moved) changes.push(moved);
  const fixed = `${[header, ...sorted].map((row) => row.map(quote).join(',')).join('\n')}\n`;
  if (changes.length === 0 && fixed !== decoded) changes.push('rewrote quoting and blank lines in the standard form');
  return { text: fixed, changes };
}

/** The fixed text of a YAML list file: entries (each starting "- ") sorted by id, header comments kept. */
export function fixYaml(table: TableName, text: string): Fixed {
  const changes: string[] = [];
  const lines = fixEncoding(text, changes).split('\n');
  const trimmed = lines.map((line) => line.replace(/[ \t]+$/, ''));
  const trailing = trimmed.filter((line, i) => line !== lines[i]).length;
  if (trailing > 0) changes.push(`removed trailing spaces on ${plural(trailing, 'line')}`);
  const first = trimmed.findIndex((line) => line.startsWith('- '));
  if (first === -1) return { text: `${trimmed.join('\n').trimEnd()}\n`, changes };
  const entries: string[][] = [];
  for (const line of trimmed.slice(first)) {
    if (line.startsWith('- ')) entries.push([line]);
    else entries[entries.length - 1]!.push(line);
  }
  const idOf = (entry: string[]) => {
    const line = entry.find((l) => /^(- | {2})id:/.test(l)) ?? '';
    return { id: line.replace(/^(- | {2})id:\s*/, '').replace(/^["']|["']$/g, '') };
  };
  const sorted = [...entries].sort((a, b) => compareKeys(ROW_ORDER[table](idOf(a)), ROW_ORDER[table](idOf(b))));
  const moved = reorder(table, entries.map(idOf), ['entry', 'entries']);
  if (moved) changes.push(moved);
  const head = trimmed.slice(0, first).join('\n').trimEnd();
  return {
    text: `${head ? `${head}\n` : ''}${sorted.map((entry) => entry.join('\n').trimEnd()).join('\n')}\n`,
    changes,
  };
}

export interface FixResult {
  changed: { file: string; changes: string[] }[];
  failed: { file: string; reason: string }[];
}

/** Applies the mechanical fixes to every table of `<root>/data`; files that cannot be parsed are left alone and reported. */
export function fixData(root: string): FixResult {
  const result: FixResult = { changed: [], failed: [] };
  for (const [name, table] of Object.entries(TABLES) as [TableName, (typeof TABLES)[TableName]][]) {
    const file = path.join(root, 'data', table.file);
    let before: string;
    try {
      before = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    try {
      const after = table.file.endsWith('.csv') ? fixCsv(name, before) : fixYaml(name, before);
      if (after.text !== before) {
        writeFileSync(file, after.text);
        result.changed.push({
          file: `data/${table.file}`,
          changes: after.changes.length > 0 ? after.changes : ['normalised the file'],
        });
      }
    } catch (error) {
      result.failed.push({ file: `data/${table.file}`, reason: (error as Error).message.split('\n')[0]! });
    }
  }
  return result;
}
