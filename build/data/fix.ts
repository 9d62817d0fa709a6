// Mechanical fixes for data/ (npm run fix): UTF-8 without BOM, LF endings, trimmed cells, single spaces, rows in order.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { compareKeys, ROW_ORDER } from './order.ts';
import { TABLES, type TableName } from './tables.ts';

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The fixed text of a CSV table; throws when the file cannot be parsed (a human must look at it). */
export function fixCsv(table: TableName, text: string): string {
  const records = parseCsv(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const [header, ...rows] = records.map((record) => record.map((cell) => cell.trim().replace(/[ \t]+/g, ' ')));
  if (!header) return '';
  const key = (row: string[]) => ROW_ORDER[table](Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
  const sorted = [...rows].sort((a, b) => compareKeys(key(a), key(b)));
  return `${[header, ...sorted].map((row) => row.map(quote).join(',')).join('\n')}\n`;
}

/** The fixed text of a YAML list file: entries (each starting "- ") sorted by id, header comments kept. */
export function fixYaml(table: TableName, text: string): string {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/[ \t]+$/, ''));
  const first = lines.findIndex((line) => line.startsWith('- '));
  if (first === -1) return `${lines.join('\n').trimEnd()}\n`;
  const entries: string[][] = [];
  for (const line of lines.slice(first)) {
    if (line.startsWith('- ')) entries.push([line]);
    else entries[entries.length - 1]!.push(line);
  }
  const idOf = (entry: string[]) => {
    const line = entry.find((l) => /^(- |  )id:/.test(l)) ?? '';
    return { id: line.replace(/^(- |  )id:\s*/, '').replace(/^["']|["']$/g, '') };
  };
  const body = entries
    .map((entry) => ({ entry, key: ROW_ORDER[table](idOf(entry)) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ entry }) => entry.join('\n').trimEnd());
  const head = lines.slice(0, first).join('\n').trimEnd();
  return `${head ? `${head}\n` : ''}${body.join('\n')}\n`;
}

export interface FixResult {
  changed: string[];
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
      const after = table.file.endsWith('.csv') ? fixCsv(name, before.replace(/\r\n?/g, '\n')) : fixYaml(name, before);
      if (after !== before) {
        writeFileSync(file, after);
        result.changed.push(`data/${table.file}`);
      }
    } catch (error) {
      result.failed.push({ file: `data/${table.file}`, reason: (error as Error).message });
    }
  }
  return result;
}
