// Check "schema": each file has the expected header or shape, and every cell passes its column's schema (build/data/tables.ts).
// A row that fails is reported at the failing cell and left out of the tables (its key recorded as rejected).
import { parse as parseCsv } from 'csv-parse/sync';
import type { Node as YamlNode } from 'yaml';
import { yamlLibrary } from '../yaml-on-demand.ts';
import type { z } from 'zod';
import type { Located } from '../load.ts';
import type { Location, Problem } from '../problems.ts';
import type { CheckInfo } from './check.ts';

const NAME = 'schema';

export const schema: CheckInfo = {
  name: NAME,
  severity: 'error',
  description:
    'Each CSV file has the exact header; each YAML file is a list of entries with known fields; every cell passes its column (type, range, allowed values).',
};

export function readCsvRows(
  text: string,
  file: string,
  schema: z.ZodObject,
  problems: Problem[],
  rejected: Set<string>,
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
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const err = error as { message: string; lines?: number };
    problems.push({ file, line: err.lines ?? 1, column: 1, check: NAME, message: `cannot read CSV: ${err.message}` });
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
        check: NAME,
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
        problems.push({ ...at(field || undefined), check: NAME, message: `${field}: ${issue.message}` });
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
      problems.push({
        file,
        line: 1,
        column: Math.min(index, actual.length) + 1,
        check: NAME,
        message: `missing column "${name}"`,
        hint,
      });
    }
  });
  actual.forEach((name, index) => {
    if (!expected.includes(name)) {
      problems.push({ file, line: 1, column: index + 1, check: NAME, message: `unknown column "${name}"`, hint });
    } else if (actual.indexOf(name) !== index) {
      problems.push({ file, line: 1, column: index + 1, check: NAME, message: `column "${name}" appears twice`, hint });
    }
  });
  if (problems.length === before && actual.some((name, index) => expected[index] !== name)) {
    const index = actual.findIndex((name, i) => expected[i] !== name);
    problems.push({ file, line: 1, column: index + 1, check: NAME, message: 'columns are out of order', hint });
  }
  return problems.length === before;
}

export function readYamlRows(
  text: string,
  file: string,
  schema: z.ZodObject,
  problems: Problem[],
  rejected: Set<string>,
): Located<unknown>[] {
  const { LineCounter, isMap, isSeq, parseDocument } = yamlLibrary();
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
      problems.push({
        file,
        line,
        column: col,
        check: NAME,
        message: `cannot read YAML: ${error.message.split('\n')[0]}`,
      });
    }
    return [];
  }
  if (doc.contents === null) {
    problems.push({ file, line: 1, column: 1, check: NAME, message: 'file is empty; it needs a YAML list of entries' });
    return [];
  }
  if (!isSeq(doc.contents)) {
    problems.push({
      file,
      ...position(doc.contents),
      check: NAME,
      message: 'must be a YAML list of entries (each starting with "- ")',
    });
    return [];
  }
  const fields = Object.keys(schema.shape);
  const rows: Located<unknown>[] = [];
  doc.contents.items.forEach((item, index) => {
    const itemNode = item as YamlNode;
    const itemPos = position(itemNode);
    if (!isMap(item)) {
      problems.push({
        file,
        ...itemPos,
        check: NAME,
        message: `entry ${index + 1} must be a mapping of ${fields.join(', ')}`,
      });
      return;
    }
    const at = (field?: string): Location => {
      const node = field ? (item.get(field, true) as YamlNode | undefined) : undefined;
      const keyNode = field
        ? (item.items.find((pair) => String((pair.key as { value?: unknown })?.value) === field)?.key as
            YamlNode | undefined)
        : undefined;
      return { file, ...(node ? position(node) : keyNode ? position(keyNode) : itemPos) };
    };
    let ok = true;
    for (const pair of item.items) {
      const key = String((pair.key as { value?: unknown })?.value);
      if (!fields.includes(key)) {
        problems.push({
          file,
          ...position(pair.key),
          check: NAME,
          message: `unknown field "${key}"; fields are ${fields.join(', ')}`,
        });
        ok = false;
      }
    }
    const parsed = schema.safeParse(item.toJSON());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        problems.push({ ...at(field || undefined), check: NAME, message: `${field}: ${issue.message}` });
      }
      ok = false;
    }
    if (ok && parsed.success) rows.push({ value: parsed.data, file, line: itemPos.line, at });
    else rejected.add(String(item.get('id')));
  });
  return rows;
}
