// Every file the build writes is reached from its public URL through netlify.toml (Netlify's parser and matcher),
// and from nothing else.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, ERROR_STATUS, type ErrorCode } from '../../build/core/errors.ts';
import { loadNetlifyConfig, type NetlifyConfig } from '../../build/serve/netlify-config.ts';
import { resolveRequest } from '../../build/serve/resolve-request.ts';
import { MINI_FIXTURE } from '../helpers/fixture.ts';
import { buildTestSite, listFiles, NETLIFY_TOML, type BuiltSite } from '../helpers/http.ts';

interface Route {
  path: string;
  query: string;
  status: number;
}

const D = 'api/v1/_data';
const NOT_FOUND_DOC = `${D}/errors/not_found.json`;
/** The copy of not_found.json outside the storage folder that the forced guard rule of netlify.toml points at. */
const GUARD_DOC = 'api/v1/_not_found.json';
const HIDDEN = { file: GUARD_DOC, status: 404 };
const route = (p: string, status = 200, query = ''): Route => ({ path: p, query, status });
/** Errors the servers answer from code (edge function, local server), with no rule pointing at their document. */
const CODE_ONLY: readonly ErrorCode[] = ['method_not_allowed', 'rate_limit_exceeded'];

/** The public requests that must land on a built file (relative to public/), or null for code-only documents. */
function publicRoutes(file: string): Route[] | null {
  let m: RegExpMatchArray | null;
  if (file === '404.html') return [route('/api/v1/vehicles/no-such-vehicle', 404), route('/api/v1/compatibility/volt-a-400-2024/amp-dc-50', 404, 'region=GB'), route('/no-such-page', 404)];
  if (file === `${D}/index.json`) return [route('/api/v1')];
  if (file === `${D}/vehicles.json`) return [route('/api/v1/vehicles')];
  if (file === `${D}/chargers.json`) return [route('/api/v1/chargers')];
  if ((m = file.match(/^api\/v1\/_data\/vehicles\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/vehicles/${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/vehicle-compatibility\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/vehicles/${m[1]}/compatibility`)];
  if ((m = file.match(/^api\/v1\/_data\/chargers\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/chargers/${m[1]}`)];
  if ((m = file.match(/^api\/v1\/_data\/charger-compatibility\/([a-z0-9-]+)\.json$/))) return [route(`/api/v1/chargers/${m[1]}/compatibility`)];
  if ((m = file.match(/^api\/v1\/_data\/edges\/(EU|TR|NA|GB)\/([a-z0-9-]+)\/([a-z0-9-]+)\.json$/))) {
    const url = `/api/v1/compatibility/${m[2]}/${m[3]}`;
    return m[1] === 'EU' ? [route(url, 200, 'region=EU'), route(url), route(url, 200, 'foo=1')] : [route(url, 200, `region=${m[1]}`), route(url, 200, `x=1&region=${m[1]}`)];
  }
  if (file === NOT_FOUND_DOC) {
    return [route('/api/v1/nope', 404), route('/api/v2', 404), route('/api/v1/vehicles/volt-a-400-2024/foo', 404), route(`/${GUARD_DOC}`, 404)];
  }
  // Published as real files: served at their own path (a file shadows the unforced catch-all rule).
  if (file === 'api/v1/openapi.json' || /^api\/v1\/schemas\/[a-z-]+\.json$/.test(file) || file === 'index.html') {
    return [route(file === 'index.html' ? '/' : `/${file}`)];
  }
  if (file === GUARD_DOC) return [route(`/${D}/index.json`, 404), route(`/${NOT_FOUND_DOC}`, 404)];
  if (file === `${D}/errors/invalid_region.json`) {
    const url = '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350';
    return ['region=eu', 'region=XX', 'region=', 'region=gb'].map((query) => route(url, 400, query));
  }
  if (file === `${D}/errors/slugs_required.json`) {
    return ['/api/v1/compatibility', '/api/v1/compatibility/volt-a-400-2024', '/api/v1/vehicles/compatibility', '/api/v1/chargers/compatibility'].map((p) => route(p, 400));
  }
  if (CODE_ONLY.some((code) => file === `${D}/errors/${code}.json`)) return null;
  throw new Error(`the build wrote ${file}, which no public URL is known to reach`);
}

async function slugsOf(csv: string): Promise<string[]> {
  const lines = (await readFile(path.join(MINI_FIXTURE, 'data', csv), 'utf8')).trim().split('\n').slice(1);
  return lines.map((line) => line.split(',')[0] as string);
}

let site: BuiltSite;
let config: NetlifyConfig;
let files: string[];
beforeAll(async () => {
  site = await buildTestSite();
  config = await loadNetlifyConfig(NETLIFY_TOML);
  files = await listFiles(site.publicDir);
});
afterAll(async () => {
  await site?.cleanup();
});

const resolve = (r: Route) => resolveRequest(config, site.publicDir, r.path, r.query);

describe('every built file is reached from its public URL', () => {
  it('the fixture build has the expected documents', () => {
    expect(files).toContain('404.html');
    expect(files.filter((f) => f.startsWith(`${D}/vehicles/`))).toHaveLength(6);
    expect(files.filter((f) => f.startsWith(`${D}/chargers/`))).toHaveLength(4);
    expect(files.filter((f) => f.startsWith(`${D}/edges/`))).toHaveLength(22);
    expect(files.filter((f) => f.startsWith(`${D}/errors/`))).toHaveLength(Object.keys(ERROR_STATUS).length);
  });

  it('each public URL (also with a trailing slash) resolves to its file with the intended status', () => {
    let checked = 0;
    for (const file of files) {
      for (const r of publicRoutes(file) ?? []) {
        const label = `${r.path}${r.query ? `?${r.query}` : ''} → ${file}`;
        expect(resolve(r), label).toEqual({ file, status: r.status });
        expect(resolve({ ...r, path: `${r.path}/` }), `${label} (trailing slash)`).toEqual({ file, status: r.status });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(files.length);
  });

  it('200 routes are rewrites (status 200, never a redirect) onto the file itself', () => {
    for (const file of files) {
      for (const r of publicRoutes(file) ?? []) {
        if (r.status !== 200) continue;
        const rule = config.matchRule(r.path, r.query);
        // A published file at its own path is served because it shadows the (unforced) rule that matches.
        if (resolve(r).file === file && (rule === null || !rule.force) && (r.path === `/${file}` || file === 'index.html')) continue;
        expect(rule, r.path).toMatchObject({ to: `/${file}`, status: 200 });
      }
    }
  });

  it('error documents hold the exact bytes the servers send, and their status matches their rule', async () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      const file = `${D}/errors/${code}.json`;
      expect(await readFile(path.join(site.publicDir, file), 'utf8'), code).toBe(errorBody(code));
      for (const r of publicRoutes(file) ?? []) expect(r.status, code).toBe(ERROR_STATUS[code]);
    }
    expect(JSON.parse(await readFile(path.join(site.publicDir, '404.html'), 'utf8'))).toEqual({ error: 'not_found' });
  });

  it('a region outside EU, TR, NA, GB is never mapped onto an edge file', () => {
    for (const region of ['eu', 'XX', '', 'Gb', 'EU ', 'EU,GB']) {
      expect(resolve(route('/api/v1/compatibility/volt-a-400-2024/amp-hpc-350', 0, `region=${encodeURIComponent(region)}`)), region).toEqual({
        file: `${D}/errors/invalid_region.json`,
        status: 400,
      });
    }
  });
});

describe('no file is reachable except through its public URL', () => {
  it('direct requests to every file under /api/v1/_data/ get the not_found document with 404', () => {
    const published = (f: string) => f === 'index.html' || f === 'api/v1/openapi.json' || f.startsWith('api/v1/schemas/');
    const stored = files.filter((f) => f !== '404.html' && f !== GUARD_DOC && !published(f));
    expect(stored.every((f) => f.startsWith(`${D}/`))).toBe(true);
    for (const file of stored) {
      expect(resolve(route(`/${file}`)), file).toEqual(HIDDEN);
      expect(resolve(route(`/${file}`, 0, 'region=GB')), `${file}?region=GB`).toEqual(HIDDEN);
    }
    expect(resolve(route(`/${GUARD_DOC}`))).toEqual({ file: NOT_FOUND_DOC, status: 404 });
  });

  it('storage folders themselves get the not_found document with 404', () => {
    for (const folder of [`/${D}`, `/${D}/`, `/${D}/edges`, `/${D}/edges/EU/volt-a-400-2024/`, `/${D}/errors`]) {
      expect(resolve(route(folder)), folder).toEqual(HIDDEN);
    }
  });

  it('percent-encoding the storage folder name does not reach its files either', () => {
    for (const p of [`/api/v1/%5Fdata/index.json`, `/api/v1/%5fdata/vehicles/volt-a-400-2024.json`, `/api/v1/_dat%61/chargers.json`, `/api/v1/vehicles/volt-a-400-2024.json`]) {
      const { file, status } = resolve(route(p));
      expect(status, p).toBe(404);
      expect([NOT_FOUND_DOC, GUARD_DOC, '404.html'], p).toContain(file);
    }
  });

  it('storage names, not public URLs, are not found: file names with .json, the _data prefix dropped', () => {
    for (const p of ['/api/v1/vehicles/volt-a-400-2024.json', '/api/v1/index.json', '/api/v1/edges/EU/volt-a-400-2024/amp-hpc-350.json', '/api/v1/vehicle-compatibility/volt-a-400-2024']) {
      expect(resolve(route(p)).status, p).toBe(404);
    }
  });
});

describe('netlify.toml has no rule per slug', () => {
  it('no rule names a vehicle or charger slug of the fixture', async () => {
    const toml = parseToml(await readFile(NETLIFY_TOML, 'utf8')) as { redirects?: { from: string; to: string }[] };
    const rules = toml.redirects ?? [];
    expect(rules.length).toBeGreaterThan(0);
    const slugs = [...(await slugsOf('vehicles.csv')), ...(await slugsOf('chargers.csv'))];
    expect(slugs).toContain('volt-a-400-2024');
    expect(slugs).toContain('amp-hpc-350');
    for (const rule of rules) for (const slug of slugs) expect(`${rule.from} ${rule.to}`, `rule ${rule.from}`).not.toContain(slug);
  });

  it('the rules are placeholders: the number of rules does not depend on the data', async () => {
    const toml = parseToml(await readFile(NETLIFY_TOML, 'utf8')) as { redirects?: { from: string }[] };
    const rules = toml.redirects ?? [];
    expect(rules.length).toBeLessThan(30);
    expect(rules.filter((rule) => rule.from.includes(':')).length).toBeGreaterThan(0);
  });
});
