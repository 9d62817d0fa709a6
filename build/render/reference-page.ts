// The API reference page at / : static HTML generated from the OpenAPI document, with real example responses.
import { layout } from './layout.ts';
import { referenceFields, type PublishedSchema } from './reference-fields.ts';

/** The parts of the OpenAPI document (build/api/openapi.ts) that the page shows. */
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { enum?: (string | number)[]; default?: string | number | boolean };
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: Parameter[];
  responses: Record<string, { description?: string; 'x-extension'?: boolean }>;
  'x-extension'?: boolean;
}
interface OpenApiView {
  info: { title: string; version: string; summary: string; description: string };
  paths: Record<string, { get: Operation }>;
}

export interface Example {
  /** Request path and query, as a client sends it. */
  url: string;
  status: number;
  body: unknown;
  /** Set when the body shown is shortened (lists): how many items the real response has. */
  itemsInFull?: number;
}

/** A list shortened to its first item, for the reference page. */
export function shortList(url: string, document: Record<string, unknown>, key: string): Example {
  const items = document[key] as unknown[];
  return { url, status: 200, body: { ...document, [key]: items.slice(0, 1) }, itemsInFull: items.length };
}

/** The page's style sheet, served at its own path (the pages' CSP allows no inline style). */
export const REFERENCE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;overflow-wrap:break-word}
a{color:#0b57a4}code,pre{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
pre{background:#f4f4f4;padding:.75rem;overflow:auto;max-height:28rem;white-space:pre-wrap}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.wide{max-width:100%;overflow-x:auto}td:last-child{overflow-wrap:anywhere}dt{margin-top:.5rem}dd{margin-left:1rem}
@media (max-width:40rem){body{margin:1rem auto;font-size:15px}td,th{padding:.2rem .3rem}}
section{border-top:1px solid #ddd;margin-top:2rem}.verb{background:#2a6;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}
.ext{background:#eef;border:1px solid #99c;padding:0 .3rem;border-radius:3px;font-size:.75em}.note{font-size:.9em;color:#555}
`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (text: string) => `<code>${escape(text)}</code>`;
/** Escapes prose and turns its `backquoted` parts into code. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function parametersTable(parameters: Parameter[] | undefined): string {
  if (!parameters?.length) return '<p>No parameters.</p>';
  const rows = parameters.map((p) => {
    const schema = p.schema ?? {};
    const values = schema.enum ? ` one of ${schema.enum.map((value) => code(String(value))).join(', ')}` : '';
    const fallback = schema.default !== undefined ? `, default ${code(String(schema.default))}` : '';
    const required = p.required ? 'required' : 'optional';
    return `<tr><td>${code(p.name)}</td><td>${p.in}</td><td>${required}</td><td>${escape(p.description ?? '')}${values}${fallback}</td></tr>`;
  });
  return `<div class="wide"><table><thead><tr><th>name</th><th>in</th><th></th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function responsesList(responses: Operation['responses']): string {
  const items = Object.entries(responses).map(([status, response]) => {
    const marker = response['x-extension'] ? ' <span class="ext">extension</span>' : '';
    return `<li><strong>${status}</strong>${marker}: ${prose(response.description ?? '')}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function exampleBlock(example: Example | undefined): string {
  if (!example) return '';
  const note =
    example.itemsInFull !== undefined
      ? `<p class="note">The list is shortened here to its first item; the real response has ${example.itemsInFull}.</p>`
      : '';
  return (
    `<p>Example request:</p><pre>curl -s "$BASE${escape(example.url)}"</pre>` +
    `<p>Response (${example.status}):</p>${note}<pre>${escape(JSON.stringify(example.body, null, 2))}</pre>`
  );
}

export function referencePage(
  document: Record<string, unknown>,
  examples: Record<string, Example>,
  schemas: readonly PublishedSchema[],
): string {
  const openapi = document as unknown as OpenApiView;
  const sections = Object.entries(openapi.paths).map(([path, item]) => {
    const op = item.get;
    const marker = op['x-extension'] ? ' <span class="ext">extension</span>' : '';
    return (
      `<section id="${escape(op.operationId)}"><h2><span class="verb">GET</span> ${code(path)}${marker}</h2>` +
      `<p>${escape(op.summary)}</p>${op.description ? `<p class="note">${prose(op.description)}</p>` : ''}` +
      `${parametersTable(op.parameters)}<p>Responses:</p>${responsesList(op.responses)}` +
      `${exampleBlock(examples[path])}</section>`
    );
  });
  const toc = Object.entries(openapi.paths)
    .map(([path, item]) => `<li><a href="#${escape(item.get.operationId)}">${code(path)}</a></li>`)
    .join('');
  const schemaLinks = schemas.map(({ kind, url }) => `<a href="${escape(url)}">${escape(kind)}</a>`).join(', ');
  const intro =
    "<p>In the examples, <code>BASE</code> is this site's address (<code>http://127.0.0.1:8080</code> for " +
    '<code>npm start</code>). Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1) ' +
    `and one JSON Schema per document: ${schemaLinks}. What every state and field means: ` +
    '<a href="#states">states and fields in words</a>, <a href="#documents">documents and their fields</a>.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(openapi.info.title)} ${escape(openapi.info.version)}</title>
<link rel="stylesheet" href="/${layout.referenceStyle()}">
</head>
<body>
<h1>${escape(openapi.info.title)} <small>${escape(openapi.info.version)}</small></h1>
<p>${escape(openapi.info.summary)}</p>
<p>${escape(openapi.info.description)}</p>
<p>To look at the data without writing code, open the <a href="/explore/">explorer</a>: pick a vehicle or a charger and see every pairing by region.</p>
${intro}
<ul>${toc}</ul>
${sections.join('\n')}
${referenceFields(schemas)}
</body>
</html>
`;
}
