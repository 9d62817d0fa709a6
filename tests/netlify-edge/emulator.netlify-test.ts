// Run by npm run test:netlify only: what Netlify's emulator (@netlify/dev) does differently from the CDN the contract
// describes, asserted so that docs/cdn.md's list of emulator differences stays true (a fixed difference fails here).
import { describe, expect, it } from 'vitest';
import { sharedSite } from '../helpers/fixture.ts';
import { rawRequest, useServer } from '../helpers/http.ts';

const site = sharedSite('mini');

describe("Netlify's emulator: the known differences of docs/cdn.md", () => {
  const running = useServer(() => site);

  it('runs every request in a fresh worker and has no platform rate limiting: 61 requests in a row all show Remaining 59', async () => {
    const remaining = new Set<string>();
    for (let n = 0; n < 61; n += 1) {
      const res = await rawRequest({ port: running.server.port, path: '/api/v1' });
      expect(res.status).toBe(200);
      remaining.add(res.headers['x-ratelimit-remaining'] ?? '');
    }
    expect([...remaining]).toEqual(['59']);
  }, 120_000);

  it('answers a missing file outside /api/ with an empty 404, not 404.html', async () => {
    const res = await rawRequest({ port: running.server.port, path: '/no-such-page' });
    expect(res.status).toBe(404);
    expect(res.body).toBe('');
  });
});
