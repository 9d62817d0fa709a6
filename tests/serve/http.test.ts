// Contract §3 over HTTP, against the local server (netlify.toml read with Netlify's parser and matcher) on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { isApiPath, normalisePath } from '../../build/core/request-path.ts';
import { OUTSIDE_SENTINEL, sharedSite } from '../helpers/fixture.ts';
import {
  ClientBudget,
  errorOf,
  expectApiHeaders,
  expectNotFoundPage,
  fetchRaw,
  rawRequest,
  useServer,
  type RawResponse,
} from '../helpers/http.ts';
import { ON_NETLIFY_EMULATOR } from '../helpers/netlify-emulator.ts';

const site = sharedSite('mini');
const JSON_TYPE = 'application/json; charset=utf-8';

const D = 'api/v1/_data';
const VA = 'volt-a-400-2024';
const VD = 'volt-d-na-ccs1-2024';
const HPC = 'amp-hpc-350';
const BOLT = 'bolt-super-250';
const edge = (region: string, v: string, c: string) => `${D}/edges/${region}/${v}/${c}.json`;

/** [request path and query, status, file the build wrote (relative to public/) or error code]. */
type Case = [string, number, string];

async function expectBody(res: RawResponse, status: number, expected: string): Promise<void> {
  expect(res.status).toBe(status);
  const body = JSON.parse(res.body) as unknown;
  expect(body).toEqual(expected.startsWith('api/') ? site.json(expected) : errorOf(expected));
}

/** One describe block with its own server (own limiter): every case is a GET from 127.0.0.1, in order. */
function describeCases(title: string, cases: Case[]): void {
  describe(title, () => {
    if (cases.length >= 60) throw new Error(`${title}: ${cases.length} requests would exhaust one client's limit`);
    const running = useServer(() => site);
    const budget = new ClientBudget();
    it.each(cases)('GET %s → %i %s', async (path, status, expected) => {
      const res = await fetchRaw(`${running.server.url}${path}`);
      budget.check(res);
      await expectBody(res, status, expected);
    });
  });
}

const C = `/api/v1/compatibility/${VA}/${HPC}`;

describeCases('contract §3, row by row', [
  [`/api/v1/vehicles/${VA}`, 200, `${D}/vehicles/${VA}.json`],
  [`/api/v1/vehicles/${VD}`, 200, `${D}/vehicles/${VD}.json`],
  ['/api/v1/vehicles/no-such-vehicle', 404, 'not_found'],
  [`/api/v1/vehicles/${VA}/compatibility`, 200, `${D}/vehicle-compatibility/${VA}.json`],
  ['/api/v1/vehicles/no-such-vehicle/compatibility', 404, 'not_found'],
  [`/api/v1/chargers/${HPC}`, 200, `${D}/chargers/${HPC}.json`],
  ['/api/v1/chargers/no-such-charger', 404, 'not_found'],
  [`/api/v1/chargers/${BOLT}/compatibility`, 200, `${D}/charger-compatibility/${BOLT}.json`],
  ['/api/v1/chargers/no-such-charger/compatibility', 404, 'not_found'],
  // Endpoint 5, default region EU.
  [C, 200, edge('EU', VA, HPC)],
  [`/api/v1/compatibility/${VA}/${BOLT}`, 200, edge('EU', VA, BOLT)],
  [`/api/v1/compatibility/${VD}/${BOLT}`, 404, 'not_found'],
  [`/api/v1/compatibility/no-such-vehicle/${HPC}`, 404, 'not_found'],
  [`/api/v1/compatibility/${VA}/no-such-charger`, 404, 'not_found'],
  // ?region=R, R a region.
  [`${C}?region=EU`, 200, edge('EU', VA, HPC)],
  [`${C}?region=GB`, 200, edge('GB', VA, HPC)],
  [`/api/v1/compatibility/${VD}/${BOLT}?region=NA`, 200, edge('NA', VD, BOLT)],
  [`${C}?region=TR`, 404, 'not_found'],
  [`${C}?region=NA`, 404, 'not_found'],
  [`/api/v1/compatibility/${VA}/${BOLT}?region=GB`, 404, 'not_found'],
  [`/api/v1/compatibility/${VD}/${BOLT}?region=EU`, 404, 'not_found'],
  // Any other region value.
  [`${C}?region=eu`, 400, 'invalid_region'],
  [`${C}?region=ZZ`, 400, 'invalid_region'],
  [`${C}?region=`, 400, 'invalid_region'],
  [`${C}?region=gb`, 400, 'invalid_region'],
  [`${C}?region=EU%20`, 400, 'invalid_region'],
  ['/api/v1/compatibility/no-such-vehicle/no-such-charger?region=ZZ', 400, 'invalid_region'],
  // A missing slug.
  ['/api/v1/compatibility', 400, 'slugs_required'],
  [`/api/v1/compatibility/${VA}`, 400, 'slugs_required'],
  ['/api/v1/vehicles//compatibility', 400, 'slugs_required'],
  [`/api/v1/compatibility//${HPC}`, 400, 'slugs_required'],
  [`/api/v1/compatibility//${HPC}?region=GB`, 400, 'slugs_required'],
  ['/api/v1/chargers//compatibility', 400, 'slugs_required'],
  // Any other unknown path under /api/.
  ['/api/v1/nope', 404, 'not_found'],
  ['/api/v2', 404, 'not_found'],
  ['/api/', 404, 'not_found'],
  [`/api/v1/vehicles/${VA}/foo`, 404, 'not_found'],
  [`${C}/extra`, 404, 'not_found'],
  [`/api/v1/vehicles/${VA}.json`, 404, 'not_found'],
]);

describeCases('the region parameter: read as the CDN reads it, and never a path', [
  [`${C}?region=ZZ&region=GB`, 200, edge('GB', VA, HPC)],
  [`${C}?region=GB&region=ZZ`, 400, 'invalid_region'],
  [`${C}?region=G%42`, 200, edge('GB', VA, HPC)],
  [`${C}?region`, 200, edge('EU', VA, HPC)],
  [`${C}?region=invalid`, 400, 'invalid_region'],
  [`${C}?region=..`, 400, 'invalid_region'],
  // Taken as a folder name, ".." would reach the vehicle document (_data/edges/../vehicles/{slug}.json).
  [`/api/v1/compatibility/vehicles/${VA}?region=..`, 400, 'invalid_region'],
  [`/api/v1/compatibility/vehicles/${VA}?region=%2e%2e`, 400, 'invalid_region'],
  [`/api/v1/chargers/${HPC}/compatibility?region=..%2F..%2Fchargers`, 400, 'invalid_region'],
  [`/api/v1/vehicles/${VA}/compatibility?region=GB&region=.`, 400, 'invalid_region'],
]);

describeCases('extensions, trailing slash, case, extra query parameters', [
  ['/api/v1', 200, `${D}/index.json`],
  ['/api/v1/vehicles', 200, `${D}/vehicles.json`],
  ['/api/v1/chargers', 200, `${D}/chargers.json`],
  // A trailing slash is ignored.
  ['/api/v1/', 200, `${D}/index.json`],
  ['/api/v1/vehicles/', 200, `${D}/vehicles.json`],
  [`/api/v1/vehicles/${VA}/`, 200, `${D}/vehicles/${VA}.json`],
  [`/api/v1/vehicles/${VA}/compatibility/`, 200, `${D}/vehicle-compatibility/${VA}.json`],
  [`/api/v1/chargers/${HPC}/`, 200, `${D}/chargers/${HPC}.json`],
  [`${C}/?region=GB`, 200, edge('GB', VA, HPC)],
  [`${C}/`, 200, edge('EU', VA, HPC)],
  ['/api/v1/compatibility/', 400, 'slugs_required'],
  [`/api/v1/compatibility/${VA}/`, 400, 'slugs_required'],
  ['/api/v1/vehicles/no-such-vehicle/', 404, 'not_found'],
  // Paths and region values are case-sensitive.
  [`/api/v1/Vehicles/${VA}`, 404, 'not_found'],
  [`/api/v1/vehicles/${VA.toUpperCase()}`, 404, 'not_found'],
  ['/api/V1', 404, 'not_found'],
  [`/api/v1/COMPATIBILITY/${VA}/${HPC}`, 404, 'not_found'],
  [`${C}?region=Gb`, 400, 'invalid_region'],
  // Query parameters other than region are ignored.
  [`${C}?foo=1&region=GB&bar`, 200, edge('GB', VA, HPC)],
  [`${C}?foo=bar`, 200, edge('EU', VA, HPC)],
  [`${C}?Region=GB`, 200, edge('EU', VA, HPC)],
  [`/api/v1/vehicles/${VA}?region=ZZ&x=1`, 200, `${D}/vehicles/${VA}.json`],
  ['/api/v1?x=1', 200, `${D}/index.json`],
  // ?region= on both list endpoints (extension): that region's edges only; any other value is 400 invalid_region.
  [`/api/v1/vehicles/${VA}/compatibility?region=GB`, 200, `${D}/vehicle-compatibility/GB/${VA}.json`],
  [`/api/v1/vehicles/${VA}/compatibility?region=NA`, 200, `${D}/vehicle-compatibility/NA/${VA}.json`],
  [`/api/v1/chargers/${BOLT}/compatibility?region=NA`, 200, `${D}/charger-compatibility/NA/${BOLT}.json`],
  [`/api/v1/chargers/${BOLT}/compatibility/?region=EU`, 200, `${D}/charger-compatibility/EU/${BOLT}.json`],
  [`/api/v1/vehicles/${VA}/compatibility?region=gb`, 400, 'invalid_region'],
  [`/api/v1/chargers/${BOLT}/compatibility?region=`, 400, 'invalid_region'],
  ['/api/v1/vehicles/no-such-vehicle/compatibility?region=GB', 404, 'not_found'],
]);

describe('extensions (v1.3): a vehicle’s explain document and the wanted list, with the API’s headers', () => {
  const running = useServer(() => site);
  it.each([
    [`/api/v1/vehicles/${VA}/explain`, 200, `${D}/vehicle-explain/${VA}.json`],
    [`/api/v1/vehicles/${VD}/explain/`, 200, `${D}/vehicle-explain/${VD}.json`],
    [`/api/v1/vehicles/${VA}/explain?region=GB`, 200, `${D}/vehicle-explain/${VA}.json`],
    ['/api/v1/wanted', 200, `${D}/wanted.json`],
    ['/api/v1/wanted/', 200, `${D}/wanted.json`],
    ['/api/v1/vehicles/no-such-vehicle/explain', 404, 'not_found'],
    [`/api/v1/vehicles/${VA.toUpperCase()}/explain`, 404, 'not_found'],
    [`/api/v1/chargers/${HPC}/explain`, 404, 'not_found'],
  ] as Case[])('GET %s → %i %s', async (path, status, expected) => {
    const res = await rawRequest({ port: running.server.port, path });
    expectApiHeaders(res);
    await expectBody(res, status, expected);
  });

  it("explains the vehicle's edges one by one, in the order of its compatibility list", async () => {
    const res = await rawRequest({ port: running.server.port, path: `/api/v1/vehicles/${VA}/explain` });
    const explain = JSON.parse(res.body) as { slug: string; edges: { charger: string; region: string }[] };
    const list = site.json(`${D}/vehicle-compatibility/${VA}.json`) as {
      chargers: { charger: string; region: string }[];
    };
    expect(explain.slug).toBe(VA);
    expect(explain.edges.map((e) => `${e.charger} ${e.region}`)).toEqual(
      list.chargers.map((e) => `${e.charger} ${e.region}`),
    );
  });
});

describe('extension: charging networks, with the API’s headers, ?region= as on the lists', () => {
  const running = useServer(() => site);
  it.each([
    ['/api/v1/networks', 200, `${D}/networks.json`],
    ['/api/v1/networks/', 200, `${D}/networks.json`],
    ['/api/v1/networks?region=NA', 200, `${D}/network-list/NA.json`],
    ['/api/v1/networks?region=eu', 400, 'invalid_region'],
    ['/api/v1/networks?region=', 400, 'invalid_region'],
    ['/api/v1/networks/amp-net', 200, `${D}/networks/amp-net.json`],
    ['/api/v1/networks/amp-net?region=XX', 200, `${D}/networks/amp-net.json`],
    ['/api/v1/networks/no-such-network', 404, 'not_found'],
    ['/api/v1/networks/AMP-NET', 404, 'not_found'],
    [`/api/v1/vehicles/${VA}/networks`, 200, `${D}/vehicle-networks/EU/${VA}.json`],
    [`/api/v1/vehicles/${VA}/networks?region=GB`, 200, `${D}/vehicle-networks/GB/${VA}.json`],
    [`/api/v1/vehicles/${VD}/networks`, 200, `${D}/vehicle-networks/NA/${VD}.json`],
    [`/api/v1/vehicles/${VA}/networks?region=NA`, 404, 'not_found'],
    [`/api/v1/vehicles/${VA}/networks?region=gb`, 400, 'invalid_region'],
    ['/api/v1/vehicles/no-such-vehicle/networks', 404, 'not_found'],
    [`/api/v1/chargers/${HPC}/networks`, 404, 'not_found'],
  ] as Case[])('GET %s → %i %s', async (path, status, expected) => {
    const res = await rawRequest({ port: running.server.port, path });
    expectApiHeaders(res);
    await expectBody(res, status, expected);
  });

  it("answers a vehicle's networks from its edges: the best and the worst model of each network, and its region", async () => {
    const res = await rawRequest({ port: running.server.port, path: `/api/v1/vehicles/${VA}/networks` });
    const document = JSON.parse(res.body) as {
      region: string;
      networks: { network: string; best: { url: string; kw: number } | null; worst: { url: string } | null }[];
    };
    expect(document.region).toBe('EU');
    expect(document.networks.map((n) => n.network)).toEqual(['amp-net', 'bolt-net']);
    const amp = document.networks[0]!;
    expect(amp.best!.url).toBe(`/api/v1/compatibility/${VA}/${HPC}`);
    expect(amp.worst!.url).toBe(`/api/v1/compatibility/${VA}/amp-dc-50`);
    const edge = site.json(`${D}/edges/EU/${VA}/${HPC}.json`) as { kw: number };
    expect(amp.best!.kw).toBe(edge.kw);
  });
});

describe('methods: HEAD, OPTIONS (CORS preflight), and 405 for the others', () => {
  const running = useServer(() => site);
  const budget = new ClientBudget();

  it.each([
    [`/api/v1/vehicles/${VA}`, 200],
    [`${C}?region=GB`, 200],
    ['/api/v1/vehicles/no-such-vehicle', 404],
    [`${C}?region=ZZ`, 400],
    ['/api/v1/vehicles//compatibility', 400],
  ])('HEAD %s → %i, headers and no body', async (path, status) => {
    const res = await fetchRaw(`${running.server.url}${path}`, { method: 'HEAD' });
    budget.check(res);
    expect(res.status).toBe(status);
    expect(res.body).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    '%s on an API path → 405 method_not_allowed, Allow: GET, HEAD, OPTIONS',
    async (method) => {
      const res = await fetchRaw(`${running.server.url}/api/v1/vehicles/${VA}`, { method });
      budget.check(res);
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
      expect(JSON.parse(res.body)).toEqual(errorOf('method_not_allowed'));
    },
  );

  it('POST on an unknown API path → 405 too (the method is checked first)', async () => {
    const res = await fetchRaw(`${running.server.url}/api/v1/nope`, { method: 'POST', body: '{}' });
    budget.check(res);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(res.body)).toEqual(errorOf('method_not_allowed'));
  });

  it('OPTIONS is the CORS preflight: 204, no body, the allowed methods and the requested headers echoed, not counted', async () => {
    const res = await rawRequest({
      port: running.server.port,
      path: `/api/v1/vehicles/${VA}`,
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'X-Api-Client, Accept',
      },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('X-Api-Client, Accept');
    expect(res.headers['access-control-max-age']).toBe('86400');
    // The preflight shows the client's standing without spending a request: the next GET still counts from here.
    const standing = expectApiHeaders(res);
    const next = await fetchRaw(`${running.server.url}/api/v1`);
    budget.check(next);
    expect(expectApiHeaders(next).remaining).toBe(standing.remaining - 1);
  });

  it('DELETE outside /api/ → 405 with Allow and a JSON body (local server; the emulator serves the file)', async () => {
    const res = await fetchRaw(`${running.server.url}/404.html`, { method: 'DELETE' });
    // Known emulator difference (docs/cdn.md): outside /api/ no policy runs, and @netlify/dev serves a file to any method.
    if (ON_NETLIFY_EMULATOR) return void expect(res.status).toBe(200);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual(errorOf('method_not_allowed'));
  });
});

describe('the storage folder is not public', () => {
  const running = useServer(() => site);
  it.each([
    `/${D}/index.json`,
    `/${D}/vehicles/${VA}.json`,
    `/${D}/edges/EU/${VA}/${HPC}.json`,
    `/${D}/errors/slugs_required.json`,
    `/${D}/errors/not_found.json`,
    `/${D}`,
    `/${D}/`,
    `/${D}/edges/EU/`,
    // "%5F" is "_": the same path, percent-encoded.
    '/api/v1/%5Fdata/index.json',
    `/api/v1/%5fdata/vehicles/${VA}.json`,
  ])('GET %s → 404 not_found', async (path) => {
    const res = await rawRequest({ port: running.server.port, path });
    expectApiHeaders(res);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual(errorOf('not_found'));
  });
});

describe('path traversal never leaves public/ and never fails with 500', () => {
  const running = useServer(() => site);
  it.each([
    '/api/v1/vehicles/..%2F..%2Fpackage.json',
    '/api/v1/vehicles/..%2F..%2F..%2F..%2Fpackage.json',
    '/api/v1/vehicles/%2e%2e',
    '/api/v1/vehicles/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/api/%2e%2e/%2e%2e/package.json',
    '/api/v1/vehicles/..%5c..%5c..%5c..%5cetc',
    '/api/v1/vehicles/%E0%A4%A',
    '/api/v1/vehicles/%',
    '/api/v1/vehicles/a%00b',
    '/api/v1/compatibility/%2e%2e/%2e%2e?region=GB',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/package.json',
    '/..%5c..%5cetc',
    '/../package.json',
    '/%2e%2e/etc',
  ])('GET %s → nothing from outside public/, never a 5xx', async (path) => {
    const res = await rawRequest({ port: running.server.port, path });
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain(OUTSIDE_SENTINEL);
    // Dot segments resolve inside public/ (/api/v1/vehicles/%2e%2e is /api/v1); the rest is an error.
    const normalised = normalisePath(path.split('?')[0]!);
    const api = typeof normalised === 'string' || isApiPath(normalised.path);
    // Known emulator difference (docs/cdn.md): outside /api/, @netlify/dev answers a missing file with an empty 404.
    if (ON_NETLIFY_EMULATOR && !api) return void expect(res.status).toBe(404);
    // Inside the API an error is the JSON error body, typed JSON. Outside it, a path that names no file gets the site's
    // 404 page, an HTML page typed as one (no catch-all JSON rule: it would shadow the pages themselves on Netlify's
    // emulator, docs/cdn.md); a path that cannot be read at all is the JSON 400.
    if (res.status !== 200) {
      if (!api && res.status === 404) expectNotFoundPage(res);
      else {
        expect(JSON.parse(res.body)).toMatchObject({
          error: expect.stringMatching(/^(not_found|bad_request|slugs_required)$/),
        });
        expect(res.headers['content-type']).toBe(JSON_TYPE);
      }
    }
    // The API headers follow the normalised path: /api/%2e%2e/package.json is /package.json, outside the API.
    if (api) expectApiHeaders(res);
  });
});

describe('every page and file carries the security headers (issue 38)', () => {
  const running = useServer(() => site);
  const CSP =
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
  it.each([
    ['/', 200, 'text/html; charset=utf-8'],
    ['/index.html', 200, 'text/html; charset=utf-8'],
    ['/explore/', 200, 'text/html; charset=utf-8'],
    ['/explore', 200, 'text/html; charset=utf-8'],
    ['/reference.css', 200, 'text/css; charset=utf-8'],
    ['/explore/explore.css', 200, 'text/css; charset=utf-8'],
    ['/explore/explore.js', 200, 'text/javascript; charset=utf-8'],
    ['/no-such-page', 404, 'text/html; charset=utf-8'],
    ['/explore/no-such-file.html', 404, 'text/html; charset=utf-8'],
    [`/api/v1/vehicles/${VA}`, 200, JSON_TYPE],
  ])('GET %s → %i %s, with the CSP, X-Frame-Options: DENY and nosniff', async (path, status, type) => {
    const res = await rawRequest({ port: running.server.port, path });
    expect(res.status).toBe(status);
    // Known emulator difference (docs/cdn.md): outside /api/, @netlify/dev answers a missing file with an empty 404.
    if (ON_NETLIFY_EMULATOR && status === 404) return;
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (status === 404) expectNotFoundPage(res);
  });
});

describe('no redirects anywhere', () => {
  const running = useServer(() => site);
  it.each([
    '/',
    '/api',
    '/api/v1//',
    '//api/v1',
    `/${D}/edges`,
    `/api/v1/vehicles/${VA}//`,
    '/404.html/',
    '/api/v1/vehicles?region=GB',
  ])('GET %s is not a 3xx', async (path) => {
    const res = await rawRequest({ port: running.server.port, path });
    expect(res.status < 300 || res.status >= 400, `status ${res.status}`).toBe(true);
    expect(res.headers['location']).toBeUndefined();
  });

  it('GET /api is /api/ (trailing slash ignored): 404 not_found with every API header', async () => {
    const res = await rawRequest({ port: running.server.port, path: '/api' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual(errorOf('not_found'));
    expectApiHeaders(res);
  });
});
