// docs/contract.md's tables follow the code's lists: the documents' fields (in order, with their type and null), the
// states, source kinds and error codes, the exports and their media types, and every version it quotes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { jsonSchemaOf } from '../../build/api/json-schemas.ts';
import { API_VERSION, ChargerDocument, SourceDocument, type DocumentKind } from '../../build/api/schemas.ts';
import { ERROR_STATUS } from '../../build/core/errors.ts';
import { EXPORT_FILES } from '../../build/core/export-files.ts';
import { SOURCE_KINDS } from '../../build/core/vocabulary.ts';
import { DERIVATION_VERSION } from '../../build/derive/rules/index.ts';

interface Property {
  type?: string;
  enum?: string[];
  anyOf?: Property[];
}

const JSON_TYPES: Record<string, string> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  array: 'array',
};
const code = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map(([, inner]) => inner!);

/** The rows (cells split, the header and its rule left out) of the first table after the line holding `label`. */
function tableAfter(doc: string, label: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.includes(label));
  if (start === -1) return [];
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const rows: string[][] = [];
  for (let i = first + 2; first !== -1 && lines[i]?.startsWith('|'); i += 1)
    rows.push(
      lines[i]!.slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  return rows;
}

/** The paragraph (up to a blank line) starting with `label`. */
function paragraph(doc: string, label: string): string {
  const start = doc.indexOf(label);
  if (start === -1) return '';
  const end = doc.indexOf('\n\n', start);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** What a field table says that its document's JSON Schema does not: fields and order, type, null where it has one. */
function fieldTableDrift(doc: string, label: string, kind: DocumentKind): string[] {
  const schema = jsonSchemaOf(kind) as { properties: Record<string, Property> };
  const rows = tableAfter(doc, label);
  const problems: string[] = [];
  const listed = rows.flatMap((row) => code(row[0]!).map((field) => ({ field, row })));
  const fields = Object.keys(schema.properties);
  if (listed.map(({ field }) => field).join(' ') !== fields.join(' '))
    problems.push(`${label}: fields ${listed.map(({ field }) => field).join(' ')}, the schema has ${fields.join(' ')}`);
  for (const { field, row } of listed) {
    const property = schema.properties[field];
    if (!property) continue;
    const variants = property.anyOf ?? [property];
    const value = variants.find((variant) => variant.type !== 'null')!;
    const nullable = variants.some((variant) => variant.type === 'null');
    const type = row[1]!;
    // An enum the row spells out must be the schema's (a region is "a region id": section 2 lists them).
    if (value.enum && code(type).length > 0) {
      if (code(type).join(' ') !== value.enum.join(' '))
        problems.push(`${label} ${field}: lists ${code(type).join(' ')}, the schema ${value.enum.join(' ')}`);
    } else if (!type.startsWith(JSON_TYPES[value.type!]!))
      problems.push(`${label} ${field}: type "${type}", the schema's is ${value.type}`);
    const nullCell = row.length === 4 ? row[2] : type.includes('or null') ? 'yes' : 'no';
    if ((nullCell === 'yes') !== nullable) problems.push(`${label} ${field}: null "${nullCell}", nullable ${nullable}`);
  }
  return problems;
}

/** A field paragraph must name the document's fields, in order. */
function fieldProseDrift(doc: string, label: string, fields: readonly string[]): string[] {
  const named = code(paragraph(doc, label)).filter((token) => fields.includes(token));
  const firsts = named.filter((token, i) => named.indexOf(token) === i);
  return firsts.join(' ') === fields.join(' ')
    ? []
    : [`${label}: names ${firsts.join(' ')}, the schema has ${fields.join(' ')}`];
}

/** The exports' cell as the registry gives it: each run of files of one media type, then that type. */
function exportsCell(): string {
  const runs: { names: string[]; mediaType: string }[] = [];
  for (const { name, mediaType } of EXPORT_FILES) {
    const last = runs.at(-1);
    if (last?.mediaType === mediaType) last.names.push(name);
    else runs.push({ names: [name], mediaType });
  }
  return `the release in bulk: ${runs.map((run) => `${run.names.map((name) => `\`${name}\``).join(', ')} (\`${run.mediaType}\`)`).join(', ')}`;
}

/** Everything docs/contract.md says that the code's lists do not. */
function contractDrift(doc: string, protocols: readonly string[]): string[] {
  const problems = [
    ...fieldTableDrift(doc, '**Vehicle** (`vehicle`)', 'vehicle'),
    ...fieldTableDrift(doc, '**Edge** (`edge`)', 'edge'),
    ...fieldProseDrift(doc, '**Charger** (`charger`)', Object.keys(ChargerDocument.shape)),
    ...fieldProseDrift(doc, '**Source** (`source`)', Object.keys(SourceDocument.shape)),
  ];
  const kinds = code(paragraph(doc, '**Source** (`source`)')).filter((token) =>
    (SOURCE_KINDS as readonly string[]).includes(token),
  );
  if (!SOURCE_KINDS.every((kind) => kinds.includes(kind))) problems.push(`source kinds: ${kinds.join(' ')}`);
  const protocolRow = tableAfter(doc, '**Edge** (`edge`)').find((row) => row[0] === '`protocols`');
  const named = code(protocolRow?.[2] ?? '').filter((token) => token !== 'data/protocols.yaml');
  if (named.join(' ') !== protocols.join(' '))
    problems.push(`protocols: ${named.join(' ')}, the data has ${protocols.join(' ')}`);
  const exportRow = tableAfter(doc, '## 3. Endpoints').find((row) => row[0] === '`/api/v1/exports/{file}`');
  if (exportRow?.[1] !== exportsCell())
    problems.push(`exports: "${exportRow?.[1]}", the registry gives "${exportsCell()}"`);
  const errors = tableAfter(doc, '## 7. Errors').map((row) => `${code(row[0]!)[0]} ${row[1]}`);
  const statuses = Object.entries(ERROR_STATUS).map(([name, status]) => `${name} ${status}`);
  if (errors.join(', ') !== statuses.join(', '))
    problems.push(`errors: ${errors.join(', ')}, the code has ${statuses.join(', ')}`);
  for (const [, version] of doc.matchAll(/\brules (\d+\.\d+\.\d+)/g))
    if (version !== DERIVATION_VERSION) problems.push(`rules ${version}: the rule set is ${DERIVATION_VERSION}`);
  const apiRow = tableAfter(doc, '## 6. Versions').find((row) => row[0] === '`apiVersion`');
  if (!apiRow?.[2]?.endsWith(`\`${API_VERSION}\``))
    problems.push(`apiVersion: "${apiRow?.[2]}", the code's is ${API_VERSION}`);
  return problems;
}

const contract = readFileSync('docs/contract.md', 'utf8');
const protocolIds = (parse(readFileSync('data/protocols.yaml', 'utf8')) as { id: string }[]).map((p) => p.id);

describe('docs/contract.md', () => {
  it("says what the code's lists say (fields, states, kinds, protocols, exports, errors, versions)", () => {
    expect(contractDrift(contract, protocolIds)).toEqual([]);
  });

  it('is caught saying something else: a field gone, a type, a stale rules version, an export, an error code', () => {
    const drifted = (from: string, to: string) => {
      expect(contract, from).toContain(from);
      return contractDrift(contract.replace(from, to), protocolIds);
    };
    expect(drifted('| `model_year` | integer | no | |\n', '')).toEqual([
      expect.stringMatching(/^\*\*Vehicle\*\*.*: fields/),
    ]);
    expect(drifted('| `trim` | string | yes |', '| `trim` | string | no |')).toEqual([
      expect.stringContaining('trim: null'),
    ]);
    expect(drifted('| `kw` | number ≥ 0 |', '| `kw` | string |')).toEqual([expect.stringContaining('kw: type')]);
    expect(drifted('**States** (rules 4.0.0', '**States** (rules 2.0.0')).toEqual([
      'rules 2.0.0: the rule set is ' + DERIVATION_VERSION,
    ]);
    expect(drifted('`dataset.sqlite` (`application/vnd.sqlite3`)', '`dataset.db` (`application/vnd.sqlite3`)')).toEqual(
      [expect.stringMatching(/^exports:/)],
    );
    expect(drifted('| `upstream_error` | 502 |', '| `upstream_error` | 503 |')).toEqual([
      expect.stringMatching(/^errors:/),
    ]);
    expect(contractDrift(contract, [...protocolIds, 'OCPP'])).toEqual([expect.stringMatching(/^protocols:/)]);
    expect(drifted('`output_voltage_min_v`, `output_voltage_max_v`', '`output_voltage_max_v`')).toEqual([
      expect.stringMatching(/^\*\*Charger\*\*/),
    ]);
  });
});
