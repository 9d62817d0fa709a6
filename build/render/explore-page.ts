// The explorer at /explore/: its static HTML, its style sheet and its script, compiled from build/explore/ by esbuild.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cachedText } from '../core/derived-cache.ts';
import { FIELD_WORDS, STATE_WORDS } from '../core/glossary.ts';
import { ATTRIBUTION, DATA_LICENSE } from '../core/license.ts';
import { DEFAULT_REGION, REGION_TABLE } from '../core/regions.ts';
import { RATE_LIMIT } from '../core/rate-limit.ts';
import { STATES } from '../core/vocabulary.ts';
import { layout } from './layout.ts';

const SOURCES = fileURLToPath(new URL('../explore/', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

let script: string | undefined;

/** esbuild, loaded only when the derived cache has no script for this code. */
function compile(): string {
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  return buildSync({
    entryPoints: [`${SOURCES}main.ts`],
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
}

/**
 * The page's script: build/explore/main.ts and what it imports, one ES module, no source map, no absolute paths.
 * Kept in the derived cache (core/derived-cache.ts), so a rebuild does not pay for esbuild again.
 */
export function exploreScript(): string {
  script ??= cachedText('explore', '.js', compile).text;
  return script;
}

/** The legend's name of each field the glossary explains, in the legend's order (a field without one is a type error). */
const LEGEND_NAMES: Record<keyof typeof FIELD_WORDS, string> = {
  kw: 'kW',
  confidence: 'Confidence',
  protocols: 'Protocols',
  adapterRequired: 'Adapter',
  sources: 'Sources',
  region: 'Region',
};

function legend(): string {
  const states = STATES.map(
    (state) =>
      `<dt><span class="badge state-${state}">${state}</span> ${escape(STATE_WORDS[state].name)}</dt><dd>${escape(STATE_WORDS[state].meaning)}</dd>`,
  );
  const fields = Object.entries(LEGEND_NAMES).map(
    ([field, name]) => `<dt>${name}</dt><dd>${escape(FIELD_WORDS[field as keyof typeof FIELD_WORDS])}</dd>`,
  );
  return `<dl class="legend">${states.join('')}${fields.join('')}</dl>`;
}

/** The page's style sheet, served as a file of its own (the pages' CSP allows no inline style). */
const exploreStyle = () => readFileSync(`${SOURCES}explore.css`, 'utf8');

export function explorePage(): string {
  const regions = REGION_TABLE.map(
    (r) => `<option value="${r.id}"${r.id === DEFAULT_REGION ? ' selected' : ''}>${r.id}: ${escape(r.name)}</option>`,
  ).join('');
  const footer =
    'Every view costs one or two requests (the two lists once, then one per vehicle or charger and region); ' +
    `the API allows ${RATE_LIMIT} a minute per address. Data: ${DATA_LICENSE.name}, ${escape(ATTRIBUTION)}.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Explorer · Open EV compatibility API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/${layout.exploreStyle()}">
<script type="module" src="/${layout.exploreScript()}"></script>
</head>
<body>
<header>
<p class="top"><a href="/">API reference</a></p>
<h1>Compatibility explorer</h1>
<p class="intro">Pick a vehicle or a charger: what pairs with it in a region, grouped by state. The address bar holds the view, to share.</p>
</header>
<main>
<form id="controls" role="search" aria-label="Pick a vehicle or a charger">
<fieldset>
<legend>Look up</legend>
<label><input type="radio" name="side" value="vehicle" checked> a vehicle</label>
<label><input type="radio" name="side" value="charger"> a charger</label>
</fieldset>
<div>
<label for="region">Region</label>
<select id="region" name="region">${regions}</select>
</div>
<div>
<label id="query-label" for="query">Find a vehicle</label>
<input id="query" name="q" type="search" autocomplete="off" spellcheck="false" aria-describedby="query-help match-count" aria-controls="matches">
<p id="query-help" class="help">Type any words of the name: brand, model, trim, year (vehicles) or brand, model, AC/DC (chargers).</p>
<p id="match-count" class="count-line" aria-live="polite"></p>
<ul id="matches" aria-label="Matches" hidden></ul>
</div>
</form>
<p id="notice" role="status" hidden></p>
<div id="status" role="status" aria-live="polite"></div>
<noscript><p>The explorer needs JavaScript. The same data is in the API: see the <a href="/">reference</a>.</p></noscript>
<section id="result" aria-labelledby="result-title" hidden></section>
<section id="legend" aria-labelledby="legend-title">
<h2 id="legend-title">What the table shows</h2>
<p>Each row is one pairing (an edge) of the picked vehicle or charger in the chosen region, grouped by state:</p>
${legend()}
</section>
</main>
<footer>
<p>${footer}</p>
</footer>
</body>
</html>
`;
}

/** The explorer's files under public/. */
export function exploreFiles(): { path: string; body: string }[] {
  return [
    { path: layout.explorePage(), body: explorePage() },
    { path: layout.exploreScript(), body: exploreScript() },
    { path: layout.exploreStyle(), body: exploreStyle() },
  ];
}
