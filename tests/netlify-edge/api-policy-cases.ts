// The Netlify edge function (build/netlify-edge/api-policy.ts) against a fake context, as runner-free cases: vitest runs
// them on Node (api-policy.test.ts) and `deno test` on Deno (api-policy.deno.ts). Only web APIs and node:assert here.
// The function's limiter is module state: every case uses client addresses of its own.
import assert from 'node:assert/strict';
import apiPolicy from '../../build/netlify-edge/api-policy.ts';

const ORIGIN = 'https://api.example.test';
const JSON_TYPE = 'application/json; charset=utf-8';

export interface PolicyCase {
  name: string;
  run(): Promise<void>;
}

/** A fake edge context: `next` answers with `upstream` and records the requests the function passed on. */
function context(
  ip: string,
  upstream: () => Response = () =>
    new Response('{"ok":true}\n', { status: 200, headers: { 'Content-Type': JSON_TYPE, 'X-Upstream': 'yes' } }),
) {
  const passed: Request[] = [];
  return {
    ip,
    passed,
    next: async (request?: Request) => {
      if (request) passed.push(request);
      return upstream();
    },
  };
}

const request = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { method, headers });

const json =
  (body: string, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers });

function assertLimitHeaders(res: Response, remaining: number, nowMs: number): void {
  assert.equal(res.headers.get('X-RateLimit-Limit'), '60');
  assert.equal(res.headers.get('X-RateLimit-Remaining'), String(remaining));
  const reset = Number(res.headers.get('X-RateLimit-Reset'));
  assert.ok(Number.isInteger(reset), 'X-RateLimit-Reset is an integer');
  assert.ok(
    reset * 1000 >= nowMs + 60_000 && reset * 1000 < nowMs + 61_000,
    `reset ${reset} for a window from ${nowMs}`,
  );
}

function assertError(res: Response, status: number): void {
  assert.equal(res.status, status);
  assert.equal(res.headers.get('Content-Type'), JSON_TYPE);
  assert.equal(res.headers.get('Access-Control-Allow-Origin'), '*');
}

const bodyOf = async (res: Response) => JSON.parse(await res.text()) as unknown;
const cases: PolicyCase[] = [];
const test = (name: string, run: () => Promise<void>) => cases.push({ name, run });

test('passes GET on and adds the X-RateLimit-* headers, keeping status, body and headers', async () => {
  const now = Date.now();
  const ctx = context('192.0.2.1');
  const res = await apiPolicy(request('/api/v1/vehicles/volt-a-400-2024'), ctx, now);
  assert.equal(ctx.passed.length, 1);
  assert.equal(res.status, 200);
  assert.equal(await res.text(), '{"ok":true}\n');
  assert.equal(res.headers.get('X-Upstream'), 'yes');
  assert.equal(res.headers.get('Content-Type'), JSON_TYPE);
  assertLimitHeaders(res, 59, now);
  assertLimitHeaders(await apiPolicy(request('/api/v1'), context('192.0.2.1'), now + 1_000), 58, now);
});

test('passes the normalised path on, so the rules see one spelling: percent-encoding, dot segments, trailing slash', async () => {
  for (const [spelled, canonical] of [
    ['/%61pi/v1/vehicles/volt-a-400-2024', '/api/v1/vehicles/volt-a-400-2024'],
    ['/api/v1/vehicles/volt-a-400-2024/', '/api/v1/vehicles/volt-a-400-2024'],
    ['/api/v1/x/%2e%2e/vehicles?region=GB', '/api/v1/vehicles?region=GB'],
    ['/ap%69/v1/compatibility/a/b/?region=NA&x=1', '/api/v1/compatibility/a/b?region=NA&x=1'],
  ] as const) {
    const ctx = context(`192.0.2.5-${spelled}`);
    const res = await apiPolicy(request(spelled), ctx, Date.now());
    assert.equal(res.status, 200, spelled);
    assert.equal(ctx.passed[0]?.url, `${ORIGIN}${canonical}`, spelled);
  }
});

test('passes one region= pair on: the last one sent if it is a region, else region=invalid (never a path)', async () => {
  for (const [sent, passed] of [
    ['/api/v1/compatibility/a/b?region=G%42&x=1', '/api/v1/compatibility/a/b?region=GB&x=1'],
    ['/api/v1/compatibility/a/b?region=ZZ&region=NA', '/api/v1/compatibility/a/b?region=NA'],
    ['/api/v1/compatibility/vehicles/a?region=..', '/api/v1/compatibility/vehicles/a?region=invalid'],
    ['/api/v1/vehicles/a?x&region=%2e%2e', '/api/v1/vehicles/a?x&region=invalid'],
    ['/api/v1/vehicles/a?region', '/api/v1/vehicles/a?region'],
  ] as const) {
    const ctx = context(`192.0.2.8-${sent}`);
    await apiPolicy(request(sent), ctx, Date.now());
    assert.equal(ctx.passed[0]?.url, `${ORIGIN}${passed}`, sent);
  }
});

test('another spelling of a path outside /api is passed on canonical and untouched (no limit, no API headers)', async () => {
  const ctx = context('192.0.2.6', json('<html></html>', 200, { 'Content-Type': 'text/html' }));
  const res = await apiPolicy(request('/%65xplore/'), ctx, Date.now());
  assert.equal(ctx.passed[0]?.url, `${ORIGIN}/explore`);
  assert.equal(res.headers.get('Content-Type'), 'text/html');
  assert.equal(res.headers.get('X-RateLimit-Remaining'), null);
});

test('HEAD is passed on as a GET and answered as GET is, without the body', async () => {
  const now = Date.now();
  const ctx = context('192.0.2.2');
  const res = await apiPolicy(request('/api/v1', 'HEAD'), ctx, now);
  assert.equal(ctx.passed[0]?.method, 'GET');
  assert.equal(res.status, 200);
  assert.equal(await res.text(), '');
  assertLimitHeaders(res, 59, now);
});

test('HEAD on an error document served by a status-200 rule gets the code status, as GET does', async () => {
  for (const method of ['GET', 'HEAD']) {
    const ctx = context(
      `192.0.2.7-${method}`,
      json('{"error":"invalid_region"}\n', 200, { 'Content-Type': JSON_TYPE }),
    );
    const res = await apiPolicy(request('/api/v1/compatibility/a/b?region=xx', method), ctx, Date.now());
    assertError(res, 400);
    assert.equal(await res.text(), method === 'GET' ? '{"error":"invalid_region"}\n' : '');
  }
});

test('every 404 carries the JSON not_found document, whatever the CDN served (404.html, HTML, an empty body)', async () => {
  for (const [index, upstream] of [
    json('{"error":"not_found"}\n', 404, { 'Content-Type': 'text/html; charset=UTF-8' }),
    json('<!doctype html><h1>Page not found</h1>', 404, { 'Content-Type': 'text/html' }),
    () => new Response(null, { status: 404 }),
    json('', 404, { 'Content-Length': '0' }),
  ].entries()) {
    const now = Date.now();
    const res = await apiPolicy(request('/api/v1/vehicles/nope'), context(`192.0.2.3${index}`, upstream), now);
    assertError(res, 404);
    assert.deepEqual(await bodyOf(res), { error: 'not_found' }, `upstream ${index}`);
    assertLimitHeaders(res, 59, now);
    const head = await apiPolicy(request('/api/v1/vehicles/nope', 'HEAD'), context(`192.0.2.4${index}`, upstream), now);
    assertError(head, 404);
    assert.equal(await head.text(), '');
  }
});

test('answers 429 rate_limit_exceeded after 60 requests from one ip, without calling the CDN', async () => {
  const now = Date.now();
  for (let n = 1; n <= 60; n += 1) {
    const res = await apiPolicy(request('/api/v1'), context('192.0.2.10'), now + n - 1);
    assert.equal(res.status, 200);
    assertLimitHeaders(res, 60 - n, now);
  }
  const ctx = context('192.0.2.10');
  const blocked = await apiPolicy(request('/api/v1'), ctx, now + 5_000);
  assert.equal(ctx.passed.length, 0);
  assertError(blocked, 429);
  assertLimitHeaders(blocked, 0, now);
  assert.deepEqual(await bodyOf(blocked), { error: 'rate_limit_exceeded' });
  assert.equal(blocked.headers.get('Retry-After'), '55');
  assert.equal(blocked.headers.get('Cache-Control'), 'no-store');
  const head = await apiPolicy(request('/api/v1', 'HEAD'), context('192.0.2.10'), now + 5_000);
  assert.equal(head.status, 429);
  assert.equal(await head.text(), '');
  const other = await apiPolicy(request('/api/v1'), context('192.0.2.11'), now + 5_000);
  assert.equal(other.status, 200);
  assertLimitHeaders(other, 59, now + 5_000);
});

test("answers the platform's refusal (its rewrite onto the rate_limit_exceeded document) with 429, Retry-After and no-store", async () => {
  const now = Date.now();
  const upstream = json('{"error":"rate_limit_exceeded"}\n', 200, { 'Cache-Control': 'public, max-age=300' });
  const res = await apiPolicy(request('/api/v1/_rate_limited.json'), context('192.0.2.12', upstream), now);
  assertError(res, 429);
  assert.deepEqual(await bodyOf(res), { error: 'rate_limit_exceeded' });
  assertLimitHeaders(res, 0, now);
  // Until this isolate's X-RateLimit-Reset, a full window from its first request.
  const reset = Number(res.headers.get('X-RateLimit-Reset'));
  assert.equal(res.headers.get('Retry-After'), String(Math.ceil(reset - now / 1000)));
  assert.equal(res.headers.get('Cache-Control'), 'no-store');
});

for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'])
  test(`answers ${method} with 405 method_not_allowed and Allow: GET, HEAD, OPTIONS`, async () => {
    const now = Date.now();
    const ctx = context(`192.0.2.20-${method}`);
    const res = await apiPolicy(request('/api/v1/vehicles/volt-a-400-2024', method), ctx, now);
    assert.equal(ctx.passed.length, 0);
    assertError(res, 405);
    assert.equal(res.headers.get('Allow'), 'GET, HEAD, OPTIONS');
    assert.deepEqual(await bodyOf(res), { error: 'method_not_allowed' });
    assertLimitHeaders(res, 59, now);
  });

test('answers an empty segment anywhere in an /api path with 400 slugs_required (HEAD without a body)', async () => {
  for (const path of [
    '/api/v1/vehicles//compatibility',
    '/api/v1/compatibility//amp-hpc-350',
    '/api/v1/chargers//compatibility',
    '/api/v1//',
    '//api/v1/vehicles',
  ]) {
    const now = Date.now();
    const ctx = context(`192.0.2.30${path}`);
    const res = await apiPolicy(request(path), ctx, now);
    assert.equal(ctx.passed.length, 0, path);
    assertError(res, 400);
    assert.deepEqual(await bodyOf(res), { error: 'slugs_required' }, path);
    assertLimitHeaders(res, 59, now);
    const head = await apiPolicy(request(path, 'HEAD'), context(`192.0.2.31${path}`), now);
    assertError(head, 400);
    assert.equal(await head.text(), '');
  }
});

test('answers OPTIONS with 204, the CORS preflight headers and the standing, without calling the CDN or counting', async () => {
  const now = Date.now();
  const ctx = context('192.0.2.60');
  const preflight = request('/api/v1', 'OPTIONS', { 'Access-Control-Request-Headers': 'x-client, content-type' });
  const res = await apiPolicy(preflight, ctx, now);
  assert.equal(ctx.passed.length, 0);
  assert.equal(res.status, 204);
  assert.equal(await res.text(), '');
  assert.equal(res.headers.get('Access-Control-Allow-Methods'), 'GET, HEAD, OPTIONS');
  assert.equal(res.headers.get('Access-Control-Allow-Headers'), 'x-client, content-type');
  assert.equal(res.headers.get('Access-Control-Max-Age'), '86400');
  assertLimitHeaders(res, 60, now);
  assertLimitHeaders(await apiPolicy(request('/api/v1'), context('192.0.2.60'), now), 59, now);
});

test('answers a path that does not decode with 400 bad_request, counted', async () => {
  const now = Date.now();
  const res = await apiPolicy(request('/api/v1/vehicles/%E0%A4%A'), context('192.0.2.61'), now);
  assertError(res, 400);
  assert.deepEqual(await bodyOf(res), { error: 'bad_request' });
  assertLimitHeaders(res, 59, now);
});

test('leaves a long body alone and passes it on whole, even without a Content-Length', async () => {
  const long = JSON.stringify({ error: 'x'.repeat(100), more: true });
  const stream = () =>
    new Response(
      new ReadableStream({
        start: (c) => {
          c.enqueue(new TextEncoder().encode(long.slice(0, 10)));
          c.enqueue(new TextEncoder().encode(long.slice(10)));
          c.close();
        },
      }),
      { status: 200 },
    );
  const res = await apiPolicy(request('/api/v1'), context('192.0.2.63', stream), Date.now());
  assert.equal(res.status, 200);
  assert.equal(await res.text(), long);
});

test('turns a CDN failure (5xx) into 502 upstream_error JSON, and a failed next() too, with the limit headers', async () => {
  const now = Date.now();
  const failing = await apiPolicy(
    request('/api/v1'),
    context('192.0.2.64', json('<h1>oops</h1>', 503, { 'Content-Type': 'text/html' })),
    now,
  );
  assertError(failing, 502);
  assert.deepEqual(await bodyOf(failing), { error: 'upstream_error' });
  assertLimitHeaders(failing, 59, now);
  const rejecting = { ip: '192.0.2.65', next: () => Promise.reject(new Error('network down')) };
  const rejected = await apiPolicy(request('/api/v1'), rejecting, now);
  assertError(rejected, 502);
  assert.deepEqual(await bodyOf(rejected), { error: 'upstream_error' });
  assertLimitHeaders(rejected, 59, now);
});

test('counts IPv6 clients per /64', async () => {
  const now = Date.now();
  await apiPolicy(request('/api/v1'), context('2001:db8:5:6::1'), now);
  assertLimitHeaders(await apiPolicy(request('/api/v1'), context('2001:db8:5:6::abcd'), now), 58, now);
});

export const API_POLICY_CASES: readonly PolicyCase[] = cases;
