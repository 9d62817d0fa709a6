// Reads data/ (CSV and YAML) into typed rows, each row knowing its file:line:column; reports file- and row-level problems.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parse as parseCsv } from 'csv-parse/sync';
import { LineCounter, isMap, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { TABLES, type TableName } from './tables.ts';
import type { Location, Problem } from './problems.ts';
import { RELEASE_FILE } from '../release/release-file.ts';

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

export interface LoadResult {
  tables: LoadedTables;
  problems: Problem[];
  rejectedKeys: RejectedKeys;
}

const CHECK = 'schema';

/** Loads every table of `<root>/data`; file names in problems are relative to `root`. */
export async function loadTables(root: string): Promise<LoadResult> {
  const problems: Problem[] = [];
  const dataDir = path.join(root, 'data');
  const expected = new Set<string>(Object.values(TABLES).map((t) => t.file));
  const releaseFiles = new Set([RELEASE_FILE]);
  const present = await fg(['*.csv', '*.yaml', '*.yml'], { cwd: dataDir, onlyFiles: true });
  for (const file of present.sort()) {
    if (!expected.has(file) && !releaseFiles.has(file)) {
      problems.push({
        file: `data/${file}`,
        line: 1,
        column: 1,
        check: CHECK,
        message: `unknown data file; the data files are ${[...expected].join(', ')}`,
      });
    }
  }
  const tables = {} as Record<TableName, Located<unknown>[]>;
  const rejectedKeys: RejectedKeys = {};
  for (const [name, table] of Object.entries(TABLES) as [TableName, (typeof TABLES)[TableName]][]) {
    const display = `data/${table.file}`;
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dataDir, table.file));
    } catch {
      problems.push({ file: display, line: 1, column: 1, check: CHECK, message: 'file is missing' });
      tables[name] = [];
      rejectedKeys[name] = 'all';
      continue;
    }
    const text = checkEncoding(bytes, display, problems);
    const rejected = new Set<string>();
    const before = problems.length;
    tables[name] = table.file.endsWith('.csv')
      ? loadCsv(text, display, table.schema, problems, rejected)
      : loadYaml(text, display, table.schema, problems, rejected);
    // A file that could not be read at all (empty, bad header, bad syntax) rejects every key it might define.
    rejectedKeys[name] = tables[name].length === 0 && problems.length > before ? 'all' : rejected;
  }
  return { tables: tables as LoadedTables, problems, rejectedKeys };
}

/** UTF-8 without BOM, LF line endings: reported once per file, then the content is read anyway. */
function checkEncoding(bytes: Buffer, file: string, problems: Problem[]): string {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) {
    problems.push({
      file,
      line: 1,
      column: 1,
      check: 'format',
      message: 'file starts with a byte-order mark (BOM)',
      hint: 'save the file as UTF-8 without BOM, or run npm run fix',
    });
    text = text.slice(1);
  }
  if (text.includes('\uFFFD')) {
    const before = text.slice(0, text.indexOf('\uFFFD'));
    const line = before.split('\n').length;
    problems.push({ file, line, column: before.length - before.lastIndexOf('\n'), check: 'format', message: 'file is not valid UTF-8' });
  }
  const crlf = text.indexOf('\r');
  if (crlf !== -1) {
    const before = text.slice(0, crlf);
    const line = before.split('\n').length;
    const count = text.split('\r').length - 1;
    problems.push({
      file,
      line,
      column: crlf - before.lastIndexOf('\n'),
      check: 'format',
      message: `line ends with CR LF (${count} line(s) in this file); data files use LF line endings`,
      hint: 'run npm run fix',
    });
  }
  return text;
}

function loadCsv(text: string, file: string, schema: z.ZodObject, problems: Problem[], rejected: Set<string>): Located<unknown>[] {
  const columns = Object.keys(schema.shape);
  if (text.trim() === '') {
    problems.push({ file, line: 1, column: 1, check: CHECK, message: `file is empty; it needs the header row: ${columns.join(',')}` });
    return [];
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, { info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    const err = error as { message: string; lines?: number };
    problems.push({ file, line: err.lines ?? 1, column: 1, check: CHECK, message: `cannot read CSV: ${err.message}` });
    return [];
  }
  const [header, ...body] = records;
  if (!header) return [];
  const headerNames = header.record.map((name) => name.trim());
  const headerOk = checkHeader(headerNames, columns, file, problems);
  if (!headerOk) return [];
  const rows: Located<unknown>[] = [];
  for (const { record, info } of body) {
    const line = info.lines - record.reduce((n, cell) => n + (cell.split('\n').length - 1), 0);
    const at = (field?: string): Location => ({ file, line, column: field ? columns.indexOf(field) + 1 : 1 });
    if (record.length !== columns.length) {
      rejected.add(String(record[0]).trim());
      problems.push({
        file,
        line,
        column: Math.min(record.length, columns.length) + 1,
        check: CHECK,
        message: `row has ${record.length} cells but the header has ${columns.length}`,
        hint: 'check for a missing or extra comma; quote cells that contain commas',
      });
      continue;
    }
    const raw = Object.fromEntries(columns.map((name, i) => [name, record[i]]));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        problems.push({ ...at(field || undefined), check: CHECK, message: `${field}: ${issue.message}` });
      }
      rejected.add(String(record[0]).trim());
      continue;
    }
    rows.push({ value: parsed.data, file, line, at });
  }
  return rows;
}

function checkHeader(actual: string[], expected: string[], file: string, problems: Problem[]): boolean {
  const before = problems.length;
  const hint = `the header must be: ${expected.join(',')}`;
  expected.forEach((name, index) => {
    if (!actual.includes(name)) {
      problems.push({ file, line: 1, column: Math.min(index, actual.length) + 1, check: CHECK, message: `missing column "${name}"`, hint });
    }
  });
  actual.forEach((name, index) => {
    if (!expected.includes(name)) {
      problems.push({ file, line: 1, column: index + 1, check: CHECK, message: `unknown column "${name}"`, hint });
    } else if (actual.indexOf(name) !== index) {
      problems.push({ file, line: 1, column: index + 1, check: CHECK, message: `column "${name}" appears twice`, hint });
    }
  });
  if (problems.length === before && actual.some((name, index) => expected[index] !== name)) {
    const index = actual.findIndex((name, i) => expected[i] !== name);
    problems.push({ file, line: 1, column: index + 1, check: CHECK, message: 'columns are out of order', hint });
  }
  return problems.length === before;
}

function loadYaml(text: string, file: string, schema: z.ZodObject, problems: Problem[], rejected: Set<string>): Located<unknown>[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (node: YamlNode | null | undefined, fallback = 0): { line: number; column: number } => {
    const offset = node?.range?.[0] ?? fallback;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      problems.push({ file, line, column: col, check: CHECK, message: `cannot read YAML: ${error.message.split('\n')[0]}` });
    }
    return [];
  }
  if (doc.contents === null) {
    problems.push({ file, line: 1, column: 1, check: CHECK, message: 'file is empty; it needs a YAML list of entries' });
    return [];
  }
  if (!isSeq(doc.contents)) {
    problems.push({ file, ...position(doc.contents), check: CHECK, message: 'must be a YAML list of entries (each starting with "- ")' });
    return [];
  }
  const fields = Object.keys(schema.shape);
  const rows: Located<unknown>[] = [];
  doc.contents.items.forEach((item, index) => {
    const itemNode = item as YamlNode;
    const itemPos = position(itemNode);
    if (!isMap(item)) {
      problems.push({ file, ...itemPos, check: CHECK, message: `entry ${index + 1} must be a mapping of ${fields.join(', ')}` });
      return;
    }
    const at = (field?: string): Location => {
      const node = field ? (item.get(field, true) as YamlNode | undefined) : undefined;
      const keyNode = field ? (item.items.find((pair) => String((pair.key as { value?: unknown })?.value) === field)?.key as YamlNode | undefined) : undefined;
      return { file, ...(node ? position(node) : keyNode ? position(keyNode) : itemPos) };
    };
    let ok = true;
    for (const pair of item.items) {
      const key = String((pair.key as { value?: unknown })?.value);
      if (!fields.includes(key)) {
        problems.push({ file, ...position(pair.key as YamlNode), check: CHECK, message: `unknown field "${key}"; fields are ${fields.join(', ')}` });
        ok = false;
      }
    }
    const parsed = schema.safeParse(item.toJSON());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        problems.push({ ...at(field || undefined), check: CHECK, message: `${field}: ${issue.message}` });
      }
      ok = false;
    }
    if (ok && parsed.success) rows.push({ value: parsed.data, file, line: itemPos.line, at });
    else rejected.add(String(item.get('id')));
  });
  return rows;
}
