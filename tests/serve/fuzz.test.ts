// A short run of the request fuzzer (fixed seed): no crash, no 5xx, JSON + CORS + X-RateLimit-* on every /api/ answer,
// nothing from outside public/. The long run is `npm run fuzz -- --requests 100000 --seed N`.
import { describe, expect, it } from 'vitest';
import { OUTSIDE_SENTINEL, sharedSite } from '../helpers/fixture.ts';
import { useServer } from '../helpers/http.ts';
import { fuzz, violations } from '../fuzz/request-fuzzer.ts';

describe('the request fuzzer', () => {
  const running = useServer(() => sharedSite('mini'));

  it('finds no answer that breaks the properties in 1,500 random requests (seed 20261122)', async () => {
    const report = await fuzz(running.server.port, 1_500, 20_261_122, OUTSIDE_SENTINEL);
    expect(report.failures).toEqual([]);
    expect(report.requests).toBe(1_500);
    // The run reached real documents, refusals and the limit alike.
    for (const status of ['200', '400', '404', '405'])
      expect(report.histogram[status] ?? 0, `status ${status}`).toBeGreaterThan(0);
  });

  it('its checks catch a broken answer (they can fail)', () => {
    const request = { raw: '', bodyBytes: 0, localAddress: '127.0.0.1', path: '/api/v1', method: 'GET' };
    expect(violations(request, { status: 500, headers: {}, body: 'oops' }, OUTSIDE_SENTINEL)).toEqual(
      expect.arrayContaining(['status 500', 'content-type undefined', 'no CORS header', 'error body is not JSON']),
    );
    expect(
      violations({ ...request, path: '/x' }, { status: 200, headers: {}, body: OUTSIDE_SENTINEL }, OUTSIDE_SENTINEL),
    ).toEqual(['a file from outside public/']);
  });
});
