// The reference page's explanations: every state and edge field in words, every document's fields with its schema link.
import { FIELD_WORDS, SOURCE_KIND_WORDS, STATE_WORDS } from '../core/glossary.ts';
import { SOURCE_KINDS, STATES } from '../core/vocabulary.ts';

/** The parts of a JSON Schema (as build/api/json-schemas.ts generates them) that the page describes. */
interface SchemaNode {
  type?: string;
  description?: string;
  format?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
}

export interface PublishedSchema {
  /** Document kind, the schema file's name. */
  kind: string;
  /** Public URL of the schema file. */
  url: string;
  schema: Record<string, unknown>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (text: string) => `<code>${escape(text)}</code>`;
const anchorOf = (kind: string) => `doc-${kind}`;

/** A schema without its identity, to recognise one document nested in another (an edge inside a list). */
const bodyOf = ({ $schema: _s, $id: _i, title: _t, ...body }: Record<string, unknown>) => JSON.stringify(body);

/** The type of a schema node in words: "string", "number or null", "one of `ok`, `adp`", "array of edge". */
function typeText(node: SchemaNode, known: Map<string, string>): string {
  const nested = known.get(JSON.stringify(node));
  if (nested) return `<a href="#${anchorOf(nested)}">${escape(nested)}</a>`;
  if (node.anyOf) return node.anyOf.map((part) => typeText(part, known)).join(' or ');
  if (node.const !== undefined) return code(JSON.stringify(node.const));
  if (node.enum) return `one of ${node.enum.map((value) => code(String(value))).join(', ')}`;
  if (node.type === 'array') return `array of ${node.items ? typeText(node.items, known) : 'values'}`;
  if (node.format === 'date') return 'date (YYYY-MM-DD)';
  if (node.type === 'integer') return 'integer';
  return escape(node.type ?? 'value');
}

const hasWords = (field: string): field is keyof typeof FIELD_WORDS => Object.hasOwn(FIELD_WORDS, field);

/** One row per field, nested objects and arrays of objects flattened to dotted names (`counts.edges`, `sources[].url`). */
function fieldRows(node: SchemaNode, prefix: string, known: Map<string, string>, explained = false): string[] {
  const rows: string[] = [];
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const field = `${prefix}${name}`;
    const optional = node.required?.includes(name) ? '' : ' <small>(optional)</small>';
    const target = field === 'state' ? 'states' : hasWords(field) ? `field-${field}` : null;
    const more = explained && target ? ` <a href="#${target}">In words</a>.` : '';
    rows.push(
      `<tr><td>${code(field)}</td><td>${typeText(property, known)}${optional}</td><td>${escape(property.description ?? '')}${more}</td></tr>`,
    );
    if (known.has(JSON.stringify(property))) continue;
    if (property.type === 'object') rows.push(...fieldRows(property, `${field}.`, known));
    const items = property.items;
    if (items?.type === 'object' && !known.has(JSON.stringify(items)))
      rows.push(...fieldRows(items, `${field}[].`, known));
  }
  return rows;
}

function statesPart(): string {
  const rows = STATES.map(
    (state) =>
      `<tr><td>${code(state)}</td><td>${escape(STATE_WORDS[state].name)}</td><td>${escape(STATE_WORDS[state].meaning)}</td></tr>`,
  );
  const fields = Object.entries(FIELD_WORDS).map(
    ([field, words]) => `<dt id="field-${field}">${code(field)}</dt><dd>${escape(words)}</dd>`,
  );
  const kinds = SOURCE_KINDS.map((kind) => `<li>${code(kind)}: ${escape(SOURCE_KIND_WORDS[kind])}</li>`);
  return (
    `<h2 id="states">States and fields in words</h2>` +
    `<p>Each compatibility edge is one vehicle variant, one charger model and one region. Its <code>state</code> is ` +
    `the first of these that applies, in the order <code>no</code>, <code>unk</code>, <code>adp</code>, ` +
    `<code>limited</code>, <code>ok</code>:</p>` +
    `<div class="wide"><table><thead><tr><th>state</th><th>in short</th><th>meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>` +
    `<dl>${fields.join('')}</dl>` +
    `<p>Kinds of source (<code>sources[].kind</code>):</p><ul>${kinds.join('')}</ul>`
  );
}

/** The explanations and the field tables of every published document, each linked to its JSON Schema file. */
export function referenceFields(schemas: readonly PublishedSchema[]): string {
  const known = new Map(schemas.map(({ kind, schema }) => [bodyOf(schema), kind]));
  const documents = schemas.map(({ kind, url, schema }) => {
    const root = schema as SchemaNode;
    const inner = new Map([...known].filter(([, other]) => other !== kind));
    return (
      `<h3 id="${anchorOf(kind)}">${escape(kind)}</h3>` +
      `<p>${escape(root.description ?? '')} JSON Schema: <a href="${escape(url)}">${escape(url)}</a></p>` +
      '<div class="wide"><table><thead><tr><th>field</th><th>type</th><th>description</th></tr></thead>' +
      `<tbody>${fieldRows(root, '', inner, kind === 'edge').join('')}</tbody></table></div>`
    );
  });
  return (
    `${statesPart()}<h2 id="documents">Documents and their fields</h2><p>Every response body, field by field; each ` +
    `links to its JSON Schema (draft 2020-12).</p>${documents.join('\n')}`
  );
}
