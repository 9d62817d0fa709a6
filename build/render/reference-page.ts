// The API reference page at / : static HTML generated from the OpenAPI document, with real example responses.
type Json = Record<string, any>;

export interface Example {
  /** Request path and query, as a client sends it. */
  url: string;
  status: number;
  body: unknown;
  /** Set when the body shown is shortened (lists): how many items the real response has. */
  itemsInFull?: number;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (text: string) => `<code>${escape(text)}</code>`;
/** Escapes prose and turns its `backquoted` parts into code. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function parametersTable(parameters: Json[] | undefined): string {
  if (!parameters?.length) return '<p>No parameters.</p>';
  const rows = parameters.map((p) => {
    const schema = p.schema ?? {};
    const values = schema.enum ? ` one of ${schema.enum.map(code).join(', ')}` : '';
    const fallback = schema.default !== undefined ? `, default ${code(String(schema.default))}` : '';
    return `<tr><td>${code(p.name)}</td><td>${p.in}</td><td>${p.required ? 'required' : 'optional'}</td><td>${escape(p.description ?? '')}${values}${fallback}</td></tr>`;
  });
  return `<table><thead><tr><th>name</th><th>in</th><th></th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function responsesList(responses: Json): string {
  const items = Object.entries(responses).map(([status, response]) => {
    const marker = response['x-extension'] ? ' <span class="ext">extension</span>' : '';
    return `<li><strong>${status}</strong>${marker}: ${prose(response.description ?? '')}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function exampleBlock(example: Example | undefined): string {
  if (!example) return '';
  const note = example.itemsInFull !== undefined ? `<p class="note">The list is shortened here to its first item; the real response has ${example.itemsInFull}.</p>` : '';
  return (
    `<p>Example request:</p><pre>curl -s "$BASE${escape(example.url)}"</pre>` +
    `<p>Response (${example.status}):</p>${note}<pre>${escape(JSON.stringify(example.body, null, 2))}</pre>`
  );
}

export function referencePage(openapi: Json, examples: Record<string, Example>): string {
  const sections = Object.entries(openapi.paths as Json).map(([path, item]) => {
    const op = (item as Json).get as Json;
    const marker = op['x-extension'] ? ' <span class="ext">extension</span>' : '';
    return (
      `<section id="${escape(op.operationId)}"><h2><span class="verb">GET</span> ${code(path)}${marker}</h2>` +
      `<p>${escape(op.summary)}</p>${parametersTable(op.parameters)}<p>Responses:</p>${responsesList(op.responses)}` +
      `${exampleBlock(examples[path])}</section>`
    );
  });
  const toc = Object.entries(openapi.paths as Json)
    .map(([path, item]) => `<li><a href="#${escape((item as Json).get.operationId)}">${code(path)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(openapi.info.title)} ${escape(openapi.info.version)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}
pre{background:#f4f4f4;padding:.75rem;overflow:auto;max-height:28rem}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #ddd;margin-top:2rem}.verb{background:#2a6;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}
.ext{background:#eef;border:1px solid #99c;padding:0 .3rem;border-radius:3px;font-size:.75em}.note{font-size:.9em;color:#555}
</style>
</head>
<body>
<h1>${escape(openapi.info.title)} <small>${escape(openapi.info.version)}</small></h1>
<p>${escape(openapi.info.summary)}</p>
<p>${escape(openapi.info.description)}</p>
<p>In the examples, <code>BASE</code> is this site's address (<code>http://127.0.0.1:8080</code> for <code>npm start</code>). Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1) and the JSON Schemas under <code>/api/v1/schemas/</code>.</p>
<ul>${toc}</ul>
${sections.join('\n')}
</body>
</html>
`;
}
