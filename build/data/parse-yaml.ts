// Reads one YAML data file (a list of entries) into rows, each field knowing its line and column: unknown fields are
// reported where they stand, then every entry passes its table's schema. Problems are reported under the "schema"
// check; an entry that fails is left out.
import { LineCounter, isMap, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { schema as schemaCheck } from './checks/schema.ts';
import type { Located } from './load.ts';
import type { Location, Problem } from './problems.ts';

const NAME = schemaCheck.name;

export function readYamlRows(
  text: string,
  file: string,
  schema: z.ZodObject,
  problems: Problem[],
  rejected: Set<string>,
): Located<unknown>[] {
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
