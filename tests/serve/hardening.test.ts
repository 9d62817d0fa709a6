// The reproductions of every way one request could crash the local server, bypass the limit or exhaust its memory
// (issue 10), each fixed and kept fixed here.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { passedQuery } from '../../build/core/region-parameter.ts';
import { loadNetlifyConfig } from '../../build/serve/netlify-config.ts';
import { startServer } from '../../build/serve/server.ts';
import { NETLIFY_TOML, sharedSite } from '../helpers/fixture.ts';
import {
  expectApiHeaders,
  expectNotFoundPage,
  fetchRaw,
  rawRequest,
  useServer,
  type RawResponse,
} from '../helpers/http.ts';
import { postLarge } from '../helpers/large-body.ts';

const site = sharedSite('mini');
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends raw bytes (no client-side URL handling at all) and returns status line, headers and body of the answer. */
function rawSocket(port: number, bytes: string, localAddress = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => socket.end(bytes, 'latin1'));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('requests that used to crash the server', () => {
  const running = useServer(() => site);
  const alive = async () => expect((await fetchRaw(`${running.server.url}/api/v1`, { headers: {} })).status).toBe(200);

  it.each([
    [`/api/v1/vehicles/${'a'.repeat(251)}`, 'json'],
    [`/api/v1/vehicles/${'a'.repeat(300)}/compatibility`, 'json'],
    [`/api/v1/compatibility/${'v'.repeat(251)}/${'c'.repeat(251)}?region=NA`, 'json'],
    [`/${'x'.repeat(256)}`, 'page'],
    [`/api/${'x'.repeat(256)}/v1`, 'json'],
    ['/index.html/x', 'page'],
    ['/api/v1/openapi.json/x', 'json'],
    ['/404.html/x', 'page'],
    ['/api/v1/schemas/edge.json/x/y', 'json'],
  ])('GET %s → 404 (%s), and the server keeps serving', async (path, kind) => {
    const res = await rawRequest({ port: running.server.port, path, localAddress: '127.0.1.1' });
    if (kind === 'page') expectNotFoundPage(res);
    else {
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ error: 'not_found' });
      expectApiHeaders(res);
    }
    await alive();
  });

  it('GET http://[::1/?q HTTP/1.1 (absolute form, bad host, a query) sent raw → 400 bad_request JSON with the API headers', async () => {
    const res = await rawSocket(
      running.server.port,
      'GET http://[::1/?q HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      '127.0.1.2',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'bad_request' });
    expectApiHeaders(res);
    await alive();
  });

  it('an absolute-form request for a real path is answered like the path', async () => {
    const res = await rawSocket(
      running.server.port,
      'GET http://localhost/api/v1/vehicles/volt-a-400-2024 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      '127.0.1.3',
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ slug: 'volt-a-400-2024' });
  });
});

describe("errors Node answers before any handler runs are the API's JSON errors too", () => {
  const running = useServer(() => site);

  it.each([
    ['a malformed request line', 'GET /api/v1 HTTP/9.9\r\n\r\n', 400, 'bad_request'],
    ['a control character in the path', 'GET /api/v1\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['not HTTP at all', '\x16\x03\x01\x02\x00\x01\r\n\r\n', 400, 'bad_request'],
    [
      'headers larger than 16 KiB',
      `GET /api/v1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
  ])('%s → %i %s, JSON, CORS, X-RateLimit-*', async (_name, bytes, status, code) => {
    const res = await rawSocket(running.server.port, bytes, '127.0.2.1');
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toEqual({ error: code });
    expectApiHeaders(res);
  });

  it.each([
    [
      'Expect: 999-bogus (ignored, as RFC 9110 allows)',
      200,
      null,
      'GET /api/v1/vehicles/volt-a-400-2024 HTTP/1.1\r\nHost: x\r\nExpect: 999-bogus\r\nConnection: close\r\n\r\n',
    ],
    ['an HTTP/1.1 request without Host', 400, 'bad_request', 'GET /api/v1 HTTP/1.1\r\nConnection: close\r\n\r\n'],
    ['an HTTP/1.0 request without Host (allowed)', 200, null, 'GET /api/v1 HTTP/1.0\r\n\r\n'],
    ['CONNECT', 405, 'method_not_allowed', 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n'],
  ])('%s → %i, JSON, CORS, X-RateLimit-*, and counted', async (name, status, code, bytes) => {
    const address = `127.0.2.${10 + name.length}`;
    for (const remaining of [59, 58]) {
      const res = await rawSocket(running.server.port, bytes, address);
      expect(res.status).toBe(status);
      if (code !== null) expect(JSON.parse(res.body)).toEqual({ error: code });
      expect(expectApiHeaders(res).remaining).toBe(remaining);
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('a request it cannot parse from a client over the limit gets the 429 with Retry-After; under it, a 400 without', async () => {
    const address = '127.0.2.99';
    const malformed = 'GET /api/v1 HTTP/9.9\r\n\r\n';
    const first = await rawSocket(running.server.port, malformed, address);
    expect([first.status, first.headers['retry-after']]).toEqual([400, undefined]);
    for (let n = 2; n <= 60; n += 1)
      await rawRequest({ port: running.server.port, path: '/api/v1', localAddress: address });
    const over = await rawSocket(running.server.port, malformed, address);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toEqual({ error: 'rate_limit_exceeded' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['cache-control']).toBe('no-store');
    expectApiHeaders(over);
  });

  it('a bad Range is ignored (the whole document, 200), never a 416', async () => {
    const res = await rawRequest({
      port: running.server.port,
      path: '/api/v1/vehicles/volt-a-400-2024',
      headers: { Range: 'bytes=999999-' },
      localAddress: '127.0.2.2',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ slug: 'volt-a-400-2024' });
  });

  it("an unreadable path outside /api/ gets a JSON 400, and an unknown one the site's 404 page", async () => {
    const bad = await rawRequest({ port: running.server.port, path: '/%E0%A4%A', localAddress: '127.0.2.3' });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toBe(JSON_TYPE);
    const missing = await rawRequest({ port: running.server.port, path: '/no-such-page', localAddress: '127.0.2.3' });
    expectNotFoundPage(missing);
  });
});

describe('the limit applies however the path is spelled', () => {
  const running = useServer(() => site);

  it.each([
    ['//api/v1/vehicles', 400],
    ['///api/v1', 400],
    ['/%61pi/v1/compatibility/volt-d-na-ccs1-2024/bolt-super-250?region=NA', 200],
    ['/api/v1/./vehicles', 200],
    ['/x/../api/v1/chargers', 200],
    ['/api/v1/vehicles/volt-a-400-2024/', 200],
  ])('%s carries the API headers and counts: the 61st request from one address is 429', async (path, status) => {
    const address = `127.0.3.${path.length}`;
    for (let n = 1; n <= 60; n += 1) {
      const res = await rawRequest({ port: running.server.port, path, localAddress: address });
      expect(res.status, `request ${n}`).toBe(status);
      expect(expectApiHeaders(res).remaining).toBe(60 - n);
    }
    expect((await rawRequest({ port: running.server.port, path, localAddress: address })).status).toBe(429);
  });
});

describe('the error boundary', () => {
  it('turns a failure inside request handling into a JSON 500 with the headers, logs it once, and keeps serving', async () => {
    const log: string[] = [];
    let broken = true;
    const server = await startServer({
      publicDir: site.publicDir,
      netlifyToml: NETLIFY_TOML,
      log: (line) => log.push(line),
      now: () => {
        if (broken) throw new Error('the clock broke');
        return Date.now();
      },
    });
    try {
      const res = await rawRequest({ port: server.port, path: '/api/v1' });
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toBe(JSON_TYPE);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(JSON.parse(res.body)).toEqual({ error: 'internal_error' });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(/^serve: GET \/api\/v1 failed: Error: the clock broke/);
      broken = false;
      expect((await rawRequest({ port: server.port, path: '/api/v1' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('memory', () => {
  // What they cost the server's memory (under 50 MB) is a figure of `npm run bench` (tests/bench/measure-request-bodies.ts).
  it('never reads request bodies to their end: four concurrent 128 MiB POSTs are answered 405 and cut short after the answer', async () => {
    const server = await startServer({ publicDir: site.publicDir, netlifyToml: NETLIFY_TOML, log: () => {} });
    try {
      await postLarge(server.port, 1 << 20, '127.0.4.9');
      const answers = await Promise.all([1, 2, 3, 4].map((n) => postLarge(server.port, 128 << 20, `127.0.4.${n}`)));
      expect(answers.map((a) => a.status)).toEqual([405, 405, 405, 405]);
      // The server reads at most about 1 MiB past its answer, then closes: the client never gets to send it all.
      for (const { sent } of answers) expect(sent).toBeLessThan(32 << 20);
      // And the server still answers.
      expect((await rawRequest({ port: server.port, path: '/api/v1', localAddress: '127.0.4.20' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('bounds the remembered rule matches by bytes: unique long queries and paths do not accumulate', async () => {
    const budget = 1024 * 1024;
    const config = await loadNetlifyConfig(NETLIFY_TOML, { matchCacheBytes: budget });
    const long = 'q'.repeat(15_000);
    // Parameters no rule names never reach the matcher or its memory.
    for (let n = 0; n < 2_000; n += 1) config.matchRule('/api/v1/compatibility/a/b', `region=EU&n=${n}&x=${long}`);
    expect(config.matchCacheBytes).toBeLessThan(10_000);
    // A long region value, as the request policy passes it on.
    expect(config.matchRule('/api/v1/compatibility/a/b', passedQuery(`x=${long}&region=${long}`))?.to).toBe(
      '/api/v1/_data/errors/invalid_region.json',
    );
    const path = 'p'.repeat(4_000);
    for (let n = 0; n < 400; n += 1) config.matchRule(`/api/v1/vehicles/${n}${path}`, '');
    expect(config.matchCacheBytes).toBeGreaterThan(budget / 2);
    expect(config.matchCacheBytes).toBeLessThanOrEqual(budget);
  });
});
