// Reads one YAML data file (a list of entries) into rows, each field knowing its line and column: unknown fields,
// tags, non-canonical numbers, cells over the limits of any cell and text that does not read as written are reported
// where they stand, then every entry passes its table's schema. Problems are reported under the "schema" check (plain
// text under "plain-text"); an entry that fails is left out.
import type { Node as YamlNode, YAMLMap } from 'yaml';
import type { z } from 'zod';
import { cellTextProblem } from './cell-limits.ts';
import { canonicalNumber } from './cells.ts';
import { PLAIN_TEXT_CHECK, SCHEMA_CHECK } from './file-checks.ts';
import type { Located } from './load.ts';
import { plainTextProblem } from './plain-text.ts';
import type { Location, Problem } from './problems.ts';
import { yamlLibrary } from './yaml-on-demand.ts';

const NAME = SCHEMA_CHECK;

type Position = (node: YamlNode | null | undefined) => { line: number; column: number };

/** A tag as written: the YAML core tags in their short form (!!str), others as they are. */
const shownTag = (tag: string) => tag.replace(/^tag:yaml\.org,2002:/, '!!');

/**
 * The problems of an entry's values, each where it stands: a tag (data files hold plain values, never !!js/function or
 * any other), text that no cell may hold, a number not written as it is published (02024, 190.0, 0x1F, 1e3).
 */
function valueProblems(item: YAMLMap, file: string, position: Position): Problem[] {
  const { isPair, isScalar, visit } = yamlLibrary();
  const found: Problem[] = [];
  visit(item, {
    Node(_key, node, path) {
      const pair = path.find(isPair);
      const field = pair ? `${String((pair.key as { value?: unknown } | null)?.value)}: ` : '';
      const problem = (message: string, check = NAME) =>
        found.push({ file, ...position(node), check, message: `${field}${message}` });
      if (node.tag !== undefined) problem(`the tag ${shownTag(node.tag)} is not allowed; data files hold plain values`);
      if (!isScalar(node)) return;
      if (typeof node.value === 'string') {
        const text = cellTextProblem(node.value);
        const plain = text === null ? plainTextProblem(node.value) : null;
        if (text !== null) problem(text);
        else if (plain !== null) problem(plain, PLAIN_TEXT_CHECK);
      } else if (typeof node.value === 'number') {
        const written = node.source ?? String(node.value);
        if (canonicalNumber(written) === null)
          problem(`the number ${written.slice(0, 40)} must be written as it is published, ${String(node.value)}`);
      }
    },
  });
  return found;
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
  const position: Position = (node) => {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  // An unresolved tag is reported where it stands, with its entry (valueProblems); any other warning is a problem.
  const warnings = doc.warnings.filter((warning) => warning.code !== 'TAG_RESOLVE_FAILED');
  if (doc.errors.length + warnings.length > 0) {
    for (const error of [...doc.errors, ...warnings]) {
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
    const values = valueProblems(item, file, position);
    problems.push(...values);
    let ok = values.length === 0;
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
