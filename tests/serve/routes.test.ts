// Every file the build writes is reached from its public URL through netlify.toml (Netlify's parser and matcher, fed
// the query as the request policy passes it on), and from nothing else; error documents are served by status-200 rules
// and carry their code for the edge policy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody, errorCodeOfBody, ERROR_STATUS, type ErrorCode } from '../../build/core/errors.ts';
import { NOT_A_REGION, passedQuery } from '../../build/core/region-parameter.ts';
import { REGIONS } from '../../build/core/regions.ts';
import { normalisePath } from '../../build/core/request-path.ts';
import { loadNetlifyConfig, type NetlifyConfig } from '../../build/serve/netlify-config.ts';
import { resolveRequest } from '../../build/serve/resolve-request.ts';
import { SiteFiles } from '../../build/serve/site-files.ts';
import { listFiles, MINI_FIXTURE, NETLIFY_TOML, sharedSite } from '../helpers/fixture.ts';
import { D, GUARD_DOC, NOT_FOUND_DOC, publicRoutes, RATE_LIMITED_DOC, route, type Route } from '../helpers/routes.ts';

const site = sharedSite('mini');
const PAIR = { vehicle: 'volt-a-400-2024', charger: 'amp-hpc-350' };
const HIDDEN = { file: GUARD_DOC, status: 404 };
let config: NetlifyConfig;
let siteFiles: SiteFiles;
let files: string[];
beforeAll(async () => {
  config = await loadNetlifyConfig(NETLIFY_TOML);
  siteFiles = new SiteFiles(site.publicDir);
  files = listFiles(site.publicDir);
});

/** What the CDN serves for a route once the request policy passed it on (normalised path, region parameter). */
function resolve(r: Route) {
  const normalised = normalisePath(r.path);
  if (typeof normalised === 'string') throw new Error(`${r.path} does not normalise`);
  return resolveRequest(config, siteFiles, normalised, passedQuery(r.query));
}

describe('every built file is reached from its public URL', () => {
  it('the fixture build has the expected documents', () => {
    expect(files).toContain('404.html');
    expect(files.filter((f) => f.startsWith(`${D}/vehicles/`))).toHaveLength(6);
    expect(files.filter((f) => f.startsWith(`${D}/chargers/`))).toHaveLength(4);
    expect(files.filter((f) => f.startsWith(`${D}/edges/`))).toHaveLength(22);
    expect(files.filter((f) => f.startsWith(`${D}/vehicle-compatibility/`))).toHaveLength(6 * (1 + REGIONS.length));
    expect(files.filter((f) => f.startsWith(`${D}/errors/`))).toHaveLength(Object.keys(ERROR_STATUS).length);
  });

  it('each public URL (also with a trailing slash) resolves to its file with the intended status', () => {
    let checked = 0;
    for (const file of files) {
      for (const r of publicRoutes(file, PAIR) ?? []) {
        const label = `${r.path}${r.query ? `?${r.query}` : ''} → ${file}`;
        expect(resolve(r), label).toEqual({ file, status: r.status });
        expect(resolve({ ...r, path: `${r.path}/` }), `${label} (trailing slash)`).toEqual({ file, status: r.status });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(files.length);
  });

  it('rules only rewrite (status 200) or answer the not_found page (404): no status that a CDN may treat as a redirect', async () => {
    const toml = parseToml(readFileSync(NETLIFY_TOML, 'utf8')) as { redirects: { status: number }[] };
    expect(new Set(toml.redirects.map((rule) => rule.status))).toEqual(new Set([200, 404]));
  });

  it('error documents hold the exact bytes the servers send, and the edge policy reads their code back', () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      const body = readFileSync(path.join(site.publicDir, D, 'errors', `${code}.json`), 'utf8');
      expect(body, code).toBe(errorBody(code));
      expect(errorCodeOfBody(body), code).toBe(code);
    }
    // The site's 404 page is a page, not an error document: no API answer may depend on its body.
    expect(readFileSync(path.join(site.publicDir, '404.html'), 'utf8')).toMatch(
      /^<!doctype html>[^]*<title>Not found<\/title>/,
    );
  });

  it('a region outside the published ones is never mapped onto an edge or a list file', () => {
    for (const url of [
      `/api/v1/compatibility/${PAIR.vehicle}/${PAIR.charger}`,
      `/api/v1/vehicles/${PAIR.vehicle}/compatibility`,
      `/api/v1/chargers/${PAIR.charger}/compatibility`,
    ]) {
      for (const region of ['eu', 'ZZ', '', 'Gb', 'EU ', 'EU,GB', NOT_A_REGION, '..', '.', '../vehicles', '%2e%2e']) {
        expect(resolve(route(url, 0, `region=${encodeURIComponent(region)}`)), `${url} ${region}`).toEqual({
          file: `${D}/errors/invalid_region.json`,
          status: 200,
        });
      }
    }
  });

  it('netlify.toml routes every region of core/regions.ts on the edge and both list endpoints', () => {
    for (const region of REGIONS) {
      expect(
        config.matchRule(`/api/v1/compatibility/${PAIR.vehicle}/${PAIR.charger}`, `region=${region}`),
      ).toMatchObject({ to: `/${D}/edges/${region}/${PAIR.vehicle}/${PAIR.charger}.json`, status: 200 });
      expect(resolve(route(`/api/v1/vehicles/${PAIR.vehicle}/compatibility`, 0, `region=${region}`)).file).toBe(
        `${D}/vehicle-compatibility/${region}/${PAIR.vehicle}.json`,
      );
      expect(resolve(route(`/api/v1/chargers/${PAIR.charger}/compatibility`, 0, `region=${region}`)).file).toBe(
        `${D}/charger-compatibility/${region}/${PAIR.charger}.json`,
      );
    }
  });
});

describe('no file is reachable except through its public URL', () => {
  it('direct requests to every file under /api/v1/_data/ get the not_found document with 404', () => {
    const published = (f: string) =>
      f === 'index.html' ||
      f === 'reference.css' ||
      f.startsWith('explore/') ||
      f === 'api/v1/openapi.json' ||
      f === RATE_LIMITED_DOC ||
      f.startsWith('api/v1/schemas/') ||
      f === 'api/v1/changes.atom' ||
      f === 'api/v1/mirror.json' ||
      f.startsWith('api/v1/mirror/') ||
      f.startsWith('api/v1/exports/');
    const stored = files.filter((f) => f !== '404.html' && f !== GUARD_DOC && !published(f));
    expect(stored.every((f) => f.startsWith(`${D}/`))).toBe(true);
    for (const file of stored) {
      expect(resolve(route(`/${file}`)), file).toEqual(HIDDEN);
      expect(resolve(route(`/${file}`, 0, 'region=GB')), `${file}?region=GB`).toEqual(HIDDEN);
    }
    expect(resolve(route(`/${GUARD_DOC}`))).toEqual({ file: NOT_FOUND_DOC, status: 404 });
  });

  it('storage folders themselves get the not_found document with 404', () => {
    for (const folder of [`/${D}`, `/${D}/`, `/${D}/edges`, `/${D}/edges/EU/${PAIR.vehicle}/`, `/${D}/errors`])
      expect(resolve(route(folder)), folder).toEqual(HIDDEN);
  });

  it('percent-encoding the storage folder name does not reach its files either', () => {
    for (const p of [
      `/api/v1/%5Fdata/index.json`,
      `/api/v1/%5fdata/vehicles/${PAIR.vehicle}.json`,
      `/api/v1/_dat%61/chargers.json`,
      `/api/v1/vehicles/${PAIR.vehicle}.json`,
    ]) {
      const { file, status } = resolve(route(p));
      expect(status, p).toBe(404);
      expect([NOT_FOUND_DOC, GUARD_DOC, '404.html'], p).toContain(file);
    }
  });

  it('storage names, not public URLs, are not found: file names with .json, the _data prefix dropped', () => {
    for (const p of [
      `/api/v1/vehicles/${PAIR.vehicle}.json`,
      '/api/v1/index.json',
      `/api/v1/edges/EU/${PAIR.vehicle}/${PAIR.charger}.json`,
      `/api/v1/vehicle-compatibility/${PAIR.vehicle}`,
    ]) {
      expect(resolve(route(p)).status, p).toBe(404);
    }
  });
});

describe('netlify.toml has no rule per slug', () => {
  const toml = parseToml(readFileSync(NETLIFY_TOML, 'utf8')) as { redirects: { from: string; to: string }[] };
  const slugsOf = (csv: string) =>
    readFileSync(path.join(MINI_FIXTURE, 'data', csv), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);

  it('no rule names a vehicle or charger slug of the fixture', () => {
    const slugs = [...slugsOf('vehicles.csv'), ...slugsOf('chargers.csv')];
    expect(slugs).toContain(PAIR.vehicle);
    for (const rule of toml.redirects)
      for (const slug of slugs) expect(`${rule.from} ${rule.to}`, `rule ${rule.from}`).not.toContain(slug);
  });

  it('the rules do not grow with the regions: per endpoint one rule for region=invalid, one with the :region placeholder', () => {
    const withRegion = toml.redirects.filter((rule) => /region/.test(JSON.stringify(rule)));
    // The edge, the two compatibility lists, a vehicle's networks and the network list.
    expect(withRegion).toHaveLength(5 * 2);
    for (const rule of toml.redirects)
      for (const region of REGIONS.slice(1)) expect(`${rule.from} ${rule.to}`, rule.from).not.toContain(region);
    expect(toml.redirects.length).toBeLessThan(40);
  });
});
