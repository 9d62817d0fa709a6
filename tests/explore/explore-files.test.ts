// The explorer's files: byte-identical builds, owned by the build, self-contained, served at /explore/; the pages' links.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '../../build/api/json-schemas.ts';
import { FIELD_WORDS, STATE_WORDS } from '../../build/core/glossary.ts';
import { STATES } from '../../build/core/vocabulary.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { layout } from '../../build/render/layout.ts';
import { copyFixture, PROJECT_ROOT, sharedSite } from '../helpers/fixture.ts';
import { rawRequest, useServer } from '../helpers/http.ts';

const site = sharedSite('mini');
const read = (publicDir: string, file: string) => readFileSync(path.join(publicDir, file));
const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

describe('the explorer files', () => {
  it('are the same bytes in every build, and a full build removes files under explore/ it no longer writes', async () => {
    const root = copyFixture();
    const publicDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-explore-')), 'public');
    await buildSite({ root, publicDir });
    for (const file of [layout.explorePage(), layout.exploreScript(), layout.exploreStyle(), layout.referenceStyle()])
      expect(read(publicDir, file).equals(read(site.publicDir, file)), file).toBe(true);
    mkdirSync(path.join(publicDir, 'explore', 'old'), { recursive: true });
    writeFileSync(path.join(publicDir, 'explore', 'old', 'stale.js'), 'stale');
    await buildSite({ root, publicDir, full: true });
    expect(existsSync(path.join(publicDir, 'explore', 'old', 'stale.js'))).toBe(false);
    expect(existsSync(path.join(publicDir, layout.exploreScript()))).toBe(true);
  });

  it('load nothing from elsewhere: one local script, no external address in a src, href or import', () => {
    const html = read(site.publicDir, layout.explorePage()).toString('utf8');
    const script = read(site.publicDir, layout.exploreScript()).toString('utf8');
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      `<script type="module" src="/${layout.exploreScript()}">`,
    ]);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/@import|url\(/);
    expect(script).not.toMatch(/(^|[;}\n])\s*import[\s{*(]|https?:\/\//);
    expect(script).not.toContain(PROJECT_ROOT);
    // Nothing inline that the pages' CSP (default-src 'self') would refuse: their style is a sheet of their own.
    for (const page of [html, read(site.publicDir, layout.referencePage()).toString('utf8')]) {
      expect(page).not.toMatch(/<style\b|\sstyle=|<script\b(?![^>]*\bsrc=)|\son[a-z]+=/);
      expect(page).toMatch(/<link rel="stylesheet" href="\/(explore\/explore|reference)\.css">/);
    }
    // Every state is explained on the page.
    for (const state of STATES) expect(html).toContain(escaped(STATE_WORDS[state].meaning));
  });

  describe('served', () => {
    const running = useServer(() => site);
    it('at /explore/ and /explore as HTML and the script as JavaScript, outside the rate limit', async () => {
      for (const url of ['/explore/', '/explore']) {
        const res = await rawRequest({ port: running.server.port, path: url });
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        expect(res.body).toContain('<h1>Compatibility explorer</h1>');
      }
      const script = await rawRequest({ port: running.server.port, path: `/${layout.exploreScript()}` });
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    });

    it('every link of the reference page and the explorer page to this site answers 200, the schemas included', async () => {
      const reference = read(site.publicDir, layout.referencePage()).toString('utf8');
      const explorer = read(site.publicDir, layout.explorePage()).toString('utf8');
      const links = new Set(
        [...`${reference}${explorer}`.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&')),
      );
      for (const kind of DOCUMENT_KINDS) expect(links).toContain(`/api/v1/schemas/${kind}.json`);
      expect(links).toContain('/explore/');
      expect(reference).not.toContain('<code>/api/v1/schemas/</code>');
      for (const link of links) {
        const res = await rawRequest({ port: running.server.port, path: link, localAddress: '127.0.0.3' });
        expect(res.status, link).toBe(200);
      }
    });
  });
});

describe('the reference page explains', () => {
  const html = read(site.publicDir, layout.referencePage()).toString('utf8');

  it('every state and the edge fields a reader meets in the explorer, in words', () => {
    for (const state of STATES) expect(html).toContain(escaped(STATE_WORDS[state].meaning));
    for (const words of Object.values(FIELD_WORDS)) expect(html).toContain(escaped(words));
  });

  it('every field of every document, with a link to its schema', () => {
    for (const kind of DOCUMENT_KINDS) {
      const schema = site.json(`api/v1/schemas/${kind}.json`) as { properties: Record<string, unknown> };
      const part = html.split(`<h3 id="doc-${kind}">`)[1]?.split('<h3 ')[0] ?? '';
      expect(part, kind).toContain(`href="/api/v1/schemas/${kind}.json"`);
      for (const field of Object.keys(schema.properties))
        expect(part, `${kind}.${field}`).toContain(`<td><code>${field}</code></td>`);
    }
  });
});
