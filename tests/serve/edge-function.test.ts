// The Netlify edge function (build/edge/api-edge.ts) run in Node with standard Request/Response and a fake context.
// Its limiter is module-level state: every test uses its own client addresses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_RESPONSE_HEADERS } from '../../build/core/edge-policy.ts';
import { RATE_LIMIT } from '../../build/core/rate-limit.ts';
import rateLimit from '../../build/edge/api-edge.ts';
import { loadNetlifyConfig, type NetlifyConfig } from '../../build/serve/netlify-config.ts';
import { NETLIFY_TOML, PROJECT_ROOT } from '../helpers/fixture.ts';

const ORIGIN = 'https://api.example.test';
const JSON_TYPE = 'application/json; charset=utf-8';

function context(
  ip: string,
  upstream: () => Response = () =>
    new Response('{"ok":true}\n', { status: 200, headers: { 'Content-Type': JSON_TYPE, 'X-Upstream': 'yes' } }),
) {
  const next = vi.fn(async () => upstream());
  return { ip, next };
}

const request = (path: string, method = 'GET') => new Request(`${ORIGIN}${path}`, { method });

function expectLimitHeaders(res: Response, remaining: number, nowMs: number): void {
  expect(res.headers.get('X-RateLimit-Limit')).toBe('60');
  expect(res.headers.get('X-RateLimit-Remaining')).toBe(String(remaining));
  const reset = Number(res.headers.get('X-RateLimit-Reset'));
  expect(Number.isInteger(reset)).toBe(true);
  expect(reset * 1000).toBeGreaterThanOrEqual(nowMs + 60_000);
  expect(reset * 1000).toBeLessThan(nowMs + 61_000);
}

function expectGeneratedError(res: Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toBe(JSON_TYPE);
  expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
}

describe('edge function: pass-through', () => {
  it('passes GET on to the CDN and adds the X-RateLimit-* headers, keeping status, body and headers', async () => {
    const now = Date.now();
    const ctx = context('192.0.2.1');
    const res = await rateLimit(request('/api/v1/vehicles/volt-a-400-2024'), ctx, now);
    expect(ctx.next).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"ok":true}\n');
    expect(res.headers.get('X-Upstream')).toBe('yes');
    expect(res.headers.get('Content-Type')).toBe(JSON_TYPE);
    expectLimitHeaders(res, 59, now);
    const second = await rateLimit(request('/api/v1'), context('192.0.2.1'), now + 1_000);
    expectLimitHeaders(second, 58, now);
  });

  it('passes HEAD on too', async () => {
    const now = Date.now();
    const ctx = context('192.0.2.2');
    const res = await rateLimit(request('/api/v1', 'HEAD'), ctx, now);
    expect(ctx.next).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(200);
    expectLimitHeaders(res, 59, now);
  });

  it('sets the JSON Content-Type on a 404 the CDN answered with text/html (404.html), keeping status and body', async () => {
    const now = Date.now();
    const ctx = context(
      '192.0.2.3',
      () =>
        new Response('{"error":"not_found"}\n', {
          status: 404,
          headers: { 'Content-Type': 'text/html; charset=UTF-8' },
        }),
    );
    const res = await rateLimit(request('/api/v1/vehicles/nope'), ctx, now);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toBe(JSON_TYPE);
    expect(JSON.parse(await res.text())).toEqual({ error: 'not_found' });
    expectLimitHeaders(res, 59, now);
  });

  it('sets it on a 404 without any Content-Type as well', async () => {
    const ctx = context('192.0.2.4', () => new Response('{"error":"not_found"}\n', { status: 404 }));
    const res = await rateLimit(request('/api/nope'), ctx, Date.now());
    expect(res.headers.get('Content-Type')).toBe(JSON_TYPE);
  });
});

describe('edge function: its own answers', () => {
  it('answers 429 rate_limit_exceeded after 60 requests from one ip, without calling the CDN', async () => {
    const now = Date.now();
    for (let n = 1; n <= 60; n += 1) {
      const res = await rateLimit(request('/api/v1'), context('192.0.2.10'), now + n - 1);
      expect(res.status).toBe(200);
      expectLimitHeaders(res, 60 - n, now);
    }
    const ctx = context('192.0.2.10');
    const blocked = await rateLimit(request('/api/v1'), ctx, now + 5_000);
    expect(ctx.next).not.toHaveBeenCalled();
    expectGeneratedError(blocked, 429);
    expectLimitHeaders(blocked, 0, now);
    expect(JSON.parse(await blocked.text())).toEqual({ error: 'rate_limit_exceeded' });
    expect(blocked.headers.get('Retry-After')).toBe('55');
    expect(blocked.headers.get('Cache-Control')).toBe('no-store');
    const head = await rateLimit(request('/api/v1', 'HEAD'), context('192.0.2.10'), now + 5_000);
    expect(head.status).toBe(429);
    expect(await head.text()).toBe('');
    const other = await rateLimit(request('/api/v1'), context('192.0.2.11'), now + 5_000);
    expect(other.status).toBe(200);
    expectLimitHeaders(other, 59, now + 5_000);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    'answers %s with 405 method_not_allowed and Allow: GET, HEAD, OPTIONS',
    async (method) => {
      const now = Date.now();
      const ctx = context(`192.0.2.20-${method}`);
      const res = await rateLimit(request('/api/v1/vehicles/volt-a-400-2024', method), ctx, now);
      expect(ctx.next).not.toHaveBeenCalled();
      expectGeneratedError(res, 405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
      expect(JSON.parse(await res.text())).toEqual({ error: 'method_not_allowed' });
      expectLimitHeaders(res, 59, now);
    },
  );

  it.each([
    '/api/v1/vehicles//compatibility',
    '/api/v1/compatibility//amp-hpc-350',
    '/api/v1/chargers//compatibility',
    '/api/v1//',
  ])('answers %s with 400 slugs_required', async (path) => {
    const now = Date.now();
    const ctx = context(`192.0.2.30${path}`);
    const res = await rateLimit(request(path), ctx, now);
    expect(ctx.next).not.toHaveBeenCalled();
    expectGeneratedError(res, 400);
    expect(JSON.parse(await res.text())).toEqual({ error: 'slugs_required' });
    expectLimitHeaders(res, 59, now);
  });

  it('answers HEAD on an empty segment with 400 and no body', async () => {
    const res = await rateLimit(request('/api/v1/vehicles//compatibility', 'HEAD'), context('192.0.2.40'), Date.now());
    expectGeneratedError(res, 400);
    expect(await res.text()).toBe('');
  });
});

describe('edge function: preflight, normalised paths and what the CDN answered', () => {
  it('answers OPTIONS with 204, the CORS preflight headers and the standing, without calling the CDN or counting', async () => {
    const now = Date.now();
    const ctx = context('192.0.2.60');
    const preflight = new Request(`${ORIGIN}/api/v1`, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Headers': 'x-client, content-type' },
    });
    const res = await rateLimit(preflight, ctx, now);
    expect(ctx.next).not.toHaveBeenCalled();
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe('x-client, content-type');
    expect(res.headers.get('Access-Control-Max-Age')).toBe('86400');
    expectLimitHeaders(res, 60, now);
    expectLimitHeaders(await rateLimit(request('/api/v1'), context('192.0.2.60'), now), 59, now);
  });

  it('answers a path that does not decode with 400 bad_request, counted', async () => {
    const now = Date.now();
    const res = await rateLimit(request('/api/v1/vehicles/%E0%A4%A'), context('192.0.2.61'), now);
    expectGeneratedError(res, 400);
    expect(JSON.parse(await res.text())).toEqual({ error: 'bad_request' });
    expectLimitHeaders(res, 59, now);
  });

  it('gives an error document served by a status-200 rule the status of its code', async () => {
    const ctx = context(
      '192.0.2.62',
      () =>
        new Response('{"error":"invalid_region"}\n', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const res = await rateLimit(request('/api/v1/compatibility/a/b?region=xx'), ctx, Date.now());
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('{"error":"invalid_region"}\n');
    expect(res.headers.get('Content-Type')).toBe(JSON_TYPE);
  });

  it('leaves a long body alone and passes it on whole, even without a Content-Length', async () => {
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
    const res = await rateLimit(request('/api/v1'), context('192.0.2.63', stream), Date.now());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(long);
  });

  it('turns a CDN failure (5xx) into 502 upstream_error JSON, and a failed next() too, with the limit headers', async () => {
    const now = Date.now();
    const failing = await rateLimit(
      request('/api/v1'),
      context(
        '192.0.2.64',
        () => new Response('<h1>oops</h1>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
      ),
      now,
    );
    expectGeneratedError(failing, 502);
    expect(JSON.parse(await failing.text())).toEqual({ error: 'upstream_error' });
    expectLimitHeaders(failing, 59, now);
    const ctx = { ip: '192.0.2.65', next: vi.fn(async () => Promise.reject(new Error('network down'))) };
    const rejected = await rateLimit(request('/api/v1'), ctx, now);
    expectGeneratedError(rejected, 502);
    expect(JSON.parse(await rejected.text())).toEqual({ error: 'upstream_error' });
    expectLimitHeaders(rejected, 59, now);
  });

  it('counts IPv6 clients per /64', async () => {
    const now = Date.now();
    await rateLimit(request('/api/v1'), context('2001:db8:5:6::1'), now);
    expectLimitHeaders(await rateLimit(request('/api/v1'), context('2001:db8:5:6::abcd'), now), 58, now);
  });
});

describe('edge function and netlify.toml agree', () => {
  let config: NetlifyConfig;
  beforeAll(async () => {
    config = await loadNetlifyConfig(NETLIFY_TOML);
  });

  it('the headers the edge sets itself equal the values of the /api/* header rule', () => {
    const rule = config.headerRules.find((candidate) => candidate.for === '/api/*');
    expect(rule).toBeDefined();
    for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) expect(rule?.values[name], name).toBe(value);
  });

  it('X-RateLimit-Limit in netlify.toml equals RATE_LIMIT', () => {
    expect(config.headersFor('/api/v1/vehicles/volt-a-400-2024')['X-RateLimit-Limit']).toBe(String(RATE_LIMIT));
  });

  it('the function netlify.toml declares on every /api/ path is the one tested here', async () => {
    for (const path of ['/api', '/api/v1', '/api/v1/vehicles/x', '/api/v1/compatibility/a/b', '/api/nope'])
      expect(config.hasEdgeFunction(path), path).toBe(true);
    expect(config.hasEdgeFunction('/404.html')).toBe(false);
    const toml = parseToml(readFileSync(NETLIFY_TOML, 'utf8')) as {
      build: { edge_functions: string };
      edge_functions: { function: string }[];
    };
    for (const declared of toml.edge_functions) {
      const module = (await import(
        /* @vite-ignore */ pathToFileURL(path.join(PROJECT_ROOT, toml.build.edge_functions, `${declared.function}.ts`))
          .href
      )) as { default: unknown };
      expect(module.default, declared.function).toBe(rateLimit);
    }
  });
});
