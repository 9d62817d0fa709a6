// Reads one CSV data file into rows, each knowing its file:line:column (the column a character position, as in YAML,
// found by a scan of each record's raw text): the header checked against the table's
// columns, every cell against the limits of any cell, then against plain text, then its column's schema. Problems are
// reported under the "schema" check (plain text under "plain-text"); a row that fails is left out of the tables (its
// key recorded as rejected). A row whose cells a previous read already accepted gives that read's value unchecked.
import { parse as parseCsv } from 'csv-parse/sync';
import type { z } from 'zod';
import { cellTextProblem, MAX_CELL_CHARS } from './cell-limits.ts';
import { PLAIN_TEXT_CHECK, SCHEMA_CHECK } from './file-checks.ts';
import { plainTextProblem } from './plain-text.ts';
import type { Located } from './load.ts';
import type { Location, Problem } from './problems.ts';

const NAME = SCHEMA_CHECK;

/** Where something stands in a record: lines after the record's first line, and a 1-based character column. */
export interface RecordPlace {
  line: number;
  column: number;
}

/**
 * Where each field of one record's raw text starts, and the place just after its last field. A quoted field may hold
 * commas, doubled quotes and line breaks; anything after its closing quote up to the next comma belongs to it.
 */
export function fieldPlaces(raw: string): { starts: RecordPlace[]; end: RecordPlace } {
  const starts: RecordPlace[] = [];
  let line = 0;
  let lineStart = 0;
  let at = 0;
  const place = (offset: number): RecordPlace => ({ line, column: offset - lineStart + 1 });
  for (;;) {
    starts.push(place(at));
    if (raw[at] === '"') {
      for (at += 1; at < raw.length; at += 1) {
        if (raw[at] === '"') {
          if (raw[at + 1] !== '"') break;
          at += 1;
        } else if (raw[at] === '\n') {
          line += 1;
          lineStart = at + 1;
        }
      }
    }
    while (at < raw.length && raw[at] !== ',' && raw[at] !== '\n' && raw[at] !== '\r') at += 1;
    if (raw[at] !== ',') return { starts, end: place(at) };
    at += 1;
  }
}

/** A record's raw text as csv-parse gives it, without the empty lines it skipped before the record. */
const recordText = (raw: string) => raw.replace(/^(?:\r?\n)+/, '');

/** Rows a read accepted, by their cells (as JSON): the value each gave, the same for the same cells and schema. */
export type AcceptedRows = Map<string, unknown>;

/**
 * The rows of `text`; a row found in `known` (accepted by an earlier read under the same schema) is not checked again.
 * Every row accepted here is added to `accepted`.
 */
export function readCsvRows(
  text: string,
  file: string,
  schema: z.ZodObject,
  problems: Problem[],
  rejected: Set<string>,
  known: ReadonlyMap<string, unknown> = new Map(),
  accepted: AcceptedRows = new Map(),
): Located<unknown>[] {
  const columns = Object.keys(schema.shape);
  if (text.trim() === '') {
    problems.push({
      file,
      line: 1,
      column: 1,
      check: NAME,
      message: `file is empty; it needs the header row: ${columns.join(',')}`,
    });
    return [];
  }
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  // A row can hold every column at its longest, and no more: a longer one stops the parse before it fills memory.
  const maxRowChars = (MAX_CELL_CHARS + 1) * columns.length;
  try {
    records = parseCsv(text, {
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: maxRowChars,
    }) as unknown as typeof records;
  } catch (error) {
    const err = error as { message: string; code?: string; lines?: number; column?: number };
    const message =
      err.code === 'CSV_MAX_RECORD_SIZE'
        ? `row is longer than ${maxRowChars} characters; a cell holds at most ${MAX_CELL_CHARS}`
        : `cannot read CSV: ${err.message}`;
    // csv-parse counts fields, not characters: the field's place on the line it names, where that line can be read.
    const line = err.lines ?? 1;
    const start =
      typeof err.column === 'number' ? fieldPlaces(text.split('\n')[line - 1] ?? '').starts[err.column] : null;
    problems.push({ file, line, column: start?.line === 0 ? start.column : 1, check: NAME, message });
    return [];
  }
  const [header, ...body] = records;
  if (!header) return [];
  const headerNames = header.record.map((name) => name.trim());
  const headerPlaces = fieldPlaces(recordText(header.raw));
  const headerColumn = (index: number) => (headerPlaces.starts[index] ?? headerPlaces.end).column;
  const headerOk = checkHeader(headerNames, columns, file, problems, headerColumn);
  if (!headerOk) return [];
  const rows: Located<unknown>[] = [];
  for (const { record, raw: recordRaw, info } of body) {
    const line = info.lines - record.reduce((n, cell) => n + (cell.split('\n').length - 1), 0);
    const { starts, end } = fieldPlaces(recordText(recordRaw));
    const located = (place: RecordPlace): Location => ({ file, line: line + place.line, column: place.column });
    const at = (field?: string): Location =>
      field ? located(starts[columns.indexOf(field)] ?? end) : { file, line, column: 1 };
    const cells = JSON.stringify(record);
    const value = known.get(cells);
    if (value !== undefined) {
      accepted.set(cells, value);
      rows.push({ value, file, line, at });
      continue;
    }
    if (record.length !== columns.length) {
      rejected.add(String(record[0]).trim());
      problems.push({
        // Where the first missing field would start, or where the first extra one does.
        ...located(starts[columns.length] ?? end),
        check: NAME,
        message: `row has ${record.length} cells but the header has ${columns.length}`,
        hint: 'check for a missing or extra comma; quote cells that contain commas',
      });
      continue;
    }
    const unreadable = columns.flatMap((name, i) => {
      const problem = cellTextProblem(record[i]!);
      if (problem !== null) return [{ ...at(name), check: NAME, message: `${name}: ${problem}` }];
      const plain = plainTextProblem(record[i]!);
      return plain === null ? [] : [{ ...at(name), check: PLAIN_TEXT_CHECK, message: `${name}: ${plain}` }];
    });
    if (unreadable.length > 0) {
      problems.push(...unreadable);
      rejected.add(String(record[0]).trim());
      continue;
    }
    const raw = Object.fromEntries(columns.map((name, i) => [name, record[i]]));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        problems.push({ ...at(field || undefined), check: NAME, message: `${field}: ${issue.message}` });
      }
      rejected.add(String(record[0]).trim());
      continue;
    }
    accepted.set(cells, parsed.data);
    rows.push({ value: parsed.data, file, line, at });
  }
  return rows;
}

function checkHeader(
  actual: string[],
  expected: string[],
  file: string,
  problems: Problem[],
  columnOf: (index: number) => number,
): boolean {
  const before = problems.length;
  const hint = `the header must be: ${expected.join(',')}`;
  expected.forEach((name, index) => {
    if (!actual.includes(name)) {
      problems.push({
        file,
        line: 1,
        column: columnOf(Math.min(index, actual.length)),
        check: NAME,
        message: `missing column "${name}"`,
        hint,
      });
    }
  });
  actual.forEach((name, index) => {
    if (!expected.includes(name)) {
      problems.push({ file, line: 1, column: columnOf(index), check: NAME, message: `unknown column "${name}"`, hint });
    } else if (actual.indexOf(name) !== index) {
      problems.push({
        file,
        line: 1,
        column: columnOf(index),
        check: NAME,
        message: `column "${name}" appears twice`,
        hint,
      });
    }
  });
  if (problems.length === before && actual.some((name, index) => expected[index] !== name)) {
    const index = actual.findIndex((name, i) => expected[i] !== name);
    problems.push({ file, line: 1, column: columnOf(index), check: NAME, message: 'columns are out of order', hint });
  }
  return problems.length === before;
}
