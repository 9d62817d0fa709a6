// The rate limit over HTTP: 60 requests per client address per window, then 429 (contract §3).
import { describe, expect, it } from 'vitest';
import { sharedSite } from '../helpers/fixture.ts';
import { errorOf, expectApiHeaders, rawRequest, trusted, useServer, type RawResponse } from '../helpers/http.ts';

const site = sharedSite('mini');

const VEHICLE = '/api/v1/vehicles/volt-a-400-2024';
const VEHICLE_FILE = 'api/v1/_data/vehicles/volt-a-400-2024.json';

/** The server's clock, which the tests move (whole seconds): no assertion depends on how long a request takes. */
let clock = Date.parse('2026-01-15T12:00:00Z');

function expect429(res: RawResponse, reset: number): void {
  expect(res.status).toBe(429);
  expect(expectApiHeaders(res, clock)).toEqual({ remaining: 0, reset });
  expect(res.headers['cache-control']).toBe('no-store');
  const retryAfter = res.headers['retry-after'] ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  // Waiting Retry-After seconds reaches the reset.
  expect(clock / 1000 + Number(retryAfter)).toBe(reset);
}

describe('60 requests per client address, then 429', () => {
  const running = useServer(() => site, { now: () => clock });
  const get = (localAddress: string, path = VEHICLE, method = 'GET') =>
    rawRequest({ port: running.server.port, path, localAddress, method });
  let reset = 0;

  it('requests 1..60 from 127.0.0.2 pass with Remaining 59..0 and one Reset', async () => {
    const expectedBody = site.json(VEHICLE_FILE);
    for (let n = 1; n <= 60; n += 1) {
      const res = await get('127.0.0.2');
      expect(res.status, `request ${n}`).toBe(200);
      expect(JSON.parse(res.body)).toEqual(expectedBody);
      const headers = expectApiHeaders(res, clock);
      expect(headers.remaining, `request ${n}`).toBe(60 - n);
      if (n === 1) reset = headers.reset;
      expect(headers.reset).toBe(reset);
    }
    // The window opened with the first request: it resets a minute later.
    expect(reset).toBe(clock / 1000 + 60);
  });

  it('the 61st gets 429 rate_limit_exceeded with Retry-After, Cache-Control: no-store and the API headers', async () => {
    const res = await get('127.0.0.2');
    expect429(res, reset);
    expect(JSON.parse(res.body)).toEqual(errorOf('rate_limit_exceeded'));
  });

  it('later requests stay blocked on every /api/ path and method, and do not move the window', async () => {
    clock += 20_000;
    for (const [path, method] of [
      ['/api/v1', 'GET'],
      ['/api/v1/nope', 'GET'],
      ['/api/v1/vehicles//compatibility', 'GET'],
      [VEHICLE, 'POST'],
      [VEHICLE, 'GET'],
    ] as const) {
      const res = await get('127.0.0.2', path, method);
      expect429(res, reset);
      expect(JSON.parse(res.body), `${method} ${path}`).toEqual(errorOf('rate_limit_exceeded'));
    }
    const head = await get('127.0.0.2', VEHICLE, 'HEAD');
    expect429(head, reset);
    expect(head.body).toBe('');
  });

  it('a client on 127.0.0.3 is unaffected, and so is 127.0.0.1', async () => {
    for (const address of ['127.0.0.3', '127.0.0.1']) {
      const res = await get(address);
      expect(res.status).toBe(200);
      expect(expectApiHeaders(res, clock).remaining).toBe(59);
    }
    const again = await get('127.0.0.3');
    expect(again.status).toBe(200);
    expect(expectApiHeaders(again, clock).remaining).toBe(58);
  });
});

describe('behind trusted proxies (127.0.0.2-4 and .9), the client is the last X-Forwarded-For entry they appended', () => {
  const running = useServer(() => site, {
    trustProxy: trusted('127.0.0.2,127.0.0.3/32,127.0.0.4,127.0.0.9,10.0.0.0/8'),
  });
  const get = (localAddress: string, forwardedFor?: string) =>
    rawRequest({
      port: running.server.port,
      path: VEHICLE,
      localAddress,
      headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor },
    });
  const remainingOf = (res: RawResponse) => {
    expect(res.status).toBe(200);
    return expectApiHeaders(res).remaining;
  };

  it('counts per last forwarded address, whatever the socket address and whatever the client wrote before it', async () => {
    expect(remainingOf(await get('127.0.0.2', '10.0.0.1, 203.0.113.7'))).toBe(59);
    expect(remainingOf(await get('127.0.0.3', '203.0.113.7'))).toBe(58);
    expect(remainingOf(await get('127.0.0.2', '203.0.113.7, 198.51.100.9'))).toBe(59);
    expect(remainingOf(await get('127.0.0.2', '198.51.100.9,203.0.113.7'))).toBe(57);
  });

  it('a client writing a new leftmost address on every request does not escape its limit', async () => {
    for (let n = 1; n <= 60; n += 1)
      expect(remainingOf(await get('127.0.0.2', `10.9.${n}.1, 192.0.2.77`))).toBe(60 - n);
    const blocked = await get('127.0.0.2', '10.9.200.1, 192.0.2.77');
    expect(blocked.status).toBe(429);
  });

  it('keys IPv6 clients per /64: two addresses of one /64 share a window, another /64 does not', async () => {
    expect(remainingOf(await get('127.0.0.2', '2001:db8:aa:1::1'))).toBe(59);
    expect(remainingOf(await get('127.0.0.2', '2001:db8:aa:1:ffff:1:2:3'))).toBe(58);
    expect(remainingOf(await get('127.0.0.2', '2001:db8:aa:2::1'))).toBe(59);
  });

  it('ignores a forwarded entry that is not an address (the socket address counts instead), and very long headers cost nothing', async () => {
    expect(remainingOf(await get('127.0.0.9', 'not-an-address'))).toBe(59);
    expect(remainingOf(await get('127.0.0.9', `${'x'.repeat(8_000)}, ${'9'.repeat(4_000)}`))).toBe(58);
  });

  it('falls back to the socket address without the header', async () => {
    expect(remainingOf(await get('127.0.0.4'))).toBe(59);
    expect(remainingOf(await get('127.0.0.4'))).toBe(58);
  });

  it('walks left past every trusted proxy of a chain (10.0.0.0/8 here), never past the first untrusted address', async () => {
    expect(remainingOf(await get('127.0.0.2', '192.0.2.90, 10.1.1.1, 10.2.2.2'))).toBe(59);
    expect(remainingOf(await get('127.0.0.3', '198.51.100.1, 192.0.2.90, 10.3.3.3'))).toBe(58);
  });

  it('a client connecting directly (127.0.0.7, not a trusted proxy) that rotates the header gets 60, then 429', async () => {
    for (let n = 1; n <= 60; n += 1)
      expect(remainingOf(await get('127.0.0.7', `203.0.113.${n}`)), `request ${n}`).toBe(60 - n);
    for (let n = 61; n <= 70; n += 1) expect((await get('127.0.0.7', `203.0.113.${n}`)).status).toBe(429);
  });

  it('blocks one forwarded address after 60 requests, not its neighbours on the same socket', async () => {
    for (let n = 1; n <= 60; n += 1)
      expect(remainingOf(await get(`127.0.0.${2 + (n % 3)}`, '192.0.2.50'))).toBe(60 - n);
    const blocked = await get('127.0.0.2', '192.0.2.50');
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body)).toEqual(errorOf('rate_limit_exceeded'));
    expect(remainingOf(await get('127.0.0.2', '192.0.2.51'))).toBe(59);
  });
});

describe('without trustProxy, X-Forwarded-For is ignored', () => {
  const running = useServer(() => site);
  const get = (localAddress: string, forwardedFor: string) =>
    rawRequest({
      port: running.server.port,
      path: VEHICLE,
      localAddress,
      headers: { 'X-Forwarded-For': forwardedFor },
    });

  it('a new forwarded address on every request does not escape the limit of the socket address', async () => {
    for (let n = 1; n <= 60; n += 1) {
      const res = await get('127.0.0.2', `203.0.113.${n}`);
      expect(res.status).toBe(200);
      expect(expectApiHeaders(res).remaining, `request ${n}`).toBe(60 - n);
    }
    const blocked = await get('127.0.0.2', '198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body)).toEqual(errorOf('rate_limit_exceeded'));
  });

  it('and a forwarded address equal to a blocked one does not block another socket', async () => {
    const res = await get('127.0.0.3', '127.0.0.2');
    expect(res.status).toBe(200);
    expect(expectApiHeaders(res).remaining).toBe(59);
  });
});
