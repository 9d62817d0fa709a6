// The pure limiter shared by the edge function and the local server, with injected time.
import { describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  RATE_LIMIT,
  RATE_WINDOW_MS,
  rateLimitHeaders,
  type RateLimiter,
} from '../../build/core/rate-limit.ts';

/** Not on a second or minute boundary, so rounding and window alignment show. */
const T0 = 1_767_225_600_250;

function exhaust(limiter: RateLimiter, client: string, nowMs: number): void {
  for (let n = 0; n < RATE_LIMIT; n += 1) expect(limiter.hit(client, nowMs).allowed).toBe(true);
}

describe('createRateLimiter: fixed window from the first request', () => {
  it('uses the contract values: 60 requests per 60 s', () => {
    expect(RATE_LIMIT).toBe(60);
    expect(RATE_WINDOW_MS).toBe(60_000);
  });

  it('lets requests 1..60 through with Remaining 59..0 and one reset time', () => {
    const limiter = createRateLimiter();
    const resets = new Set<number>();
    for (let n = 1; n <= 60; n += 1) {
      const decision = limiter.hit('198.51.100.1', T0 + n * 100);
      expect(decision).toMatchObject({ allowed: true, limit: 60, remaining: 60 - n, retryAfterSeconds: 0 });
      resets.add(decision.resetEpochSeconds);
    }
    expect([...resets]).toHaveLength(1);
  });

  it('gives the reset in whole epoch seconds, at or just after the end of the window', () => {
    const limiter = createRateLimiter();
    const { resetEpochSeconds } = limiter.hit('198.51.100.2', T0);
    expect(Number.isInteger(resetEpochSeconds)).toBe(true);
    expect(resetEpochSeconds * 1000).toBeGreaterThanOrEqual(T0 + 60_000);
    expect(resetEpochSeconds * 1000).toBeLessThan(T0 + 61_000);
  });

  it('blocks request 61 and later ones in the window without counting them or moving the window', () => {
    const limiter = createRateLimiter();
    exhaust(limiter, 'c', T0);
    const first = limiter.hit('c', T0 + 1_000);
    expect(first).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
    for (let n = 0; n < 500; n += 1) {
      const blocked = limiter.hit('c', T0 + 1_000 + n * 100);
      expect(blocked).toMatchObject({ allowed: false, remaining: 0, resetEpochSeconds: first.resetEpochSeconds });
    }
    expect(limiter.hit('c', T0 + 59_999).allowed).toBe(false);
    // The window still ends 60 s after the first request: blocked requests did not extend it.
    const fresh = limiter.hit('c', T0 + 60_000);
    expect(fresh).toMatchObject({ allowed: true, remaining: 59 });
    expect(fresh.resetEpochSeconds * 1000).toBeGreaterThanOrEqual(T0 + 120_000);
    expect(fresh.resetEpochSeconds * 1000).toBeLessThan(T0 + 121_000);
  });

  it('Retry-After counts down in whole seconds (1..60) and waiting that long is enough', () => {
    const limiter = createRateLimiter();
    exhaust(limiter, 'd', T0);
    const early = limiter.hit('d', T0 + 500).retryAfterSeconds;
    const late = limiter.hit('d', T0 + 59_900).retryAfterSeconds;
    expect(Number.isInteger(early) && Number.isInteger(late)).toBe(true);
    expect(early).toBeGreaterThanOrEqual(59);
    expect(early).toBeLessThanOrEqual(60);
    expect(late).toBe(1);
    const at = T0 + 30_250;
    const wait = limiter.hit('d', at).retryAfterSeconds;
    expect(limiter.hit('d', at + wait * 1000 - 1_000).allowed).toBe(false);
    expect(limiter.hit('d', at + wait * 1000).allowed).toBe(true);
  });

  it('starts a new window at the first request after expiry, not on a clock boundary', () => {
    const limiter = createRateLimiter();
    limiter.hit('e', T0);
    const next = T0 + 61_234;
    const fresh = limiter.hit('e', next);
    expect(fresh.remaining).toBe(59);
    expect(fresh.resetEpochSeconds).toBe(Math.ceil((next + 60_000) / 1000));
    expect(limiter.hit('e', next + 59_999).remaining).toBe(58);
  });

  it('keeps clients apart: windows start at each client’s own first request', () => {
    const limiter = createRateLimiter();
    exhaust(limiter, 'a', T0);
    expect(limiter.hit('a', T0 + 10).allowed).toBe(false);
    const b = limiter.hit('b', T0 + 30_000);
    expect(b).toMatchObject({ allowed: true, remaining: 59 });
    expect(b.resetEpochSeconds).toBe(Math.ceil((T0 + 90_000) / 1000));
    expect(limiter.hit('a', T0 + 60_000).allowed).toBe(true);
    expect(limiter.hit('b', T0 + 60_000).remaining).toBe(58);
  });

  it('honours custom limit and window', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1_000 });
    expect(limiter.hit('x', T0)).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect(limiter.hit('x', T0 + 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('x', T0 + 2)).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    expect(limiter.hit('x', T0 + 1_000)).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe('createRateLimiter: bounded memory', () => {
  it('never tracks more than maxClients, however many distinct clients come', () => {
    const limiter = createRateLimiter({ maxClients: 100 });
    let largest = 0;
    for (let n = 0; n < 20_000; n += 1) {
      limiter.hit(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, T0 + Math.floor(n / 10));
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBeLessThanOrEqual(100);
    expect(limiter.size).toBeGreaterThan(0);
  });

  it('keeps the most recent clients when it has to drop some', () => {
    const limiter = createRateLimiter({ maxClients: 3 });
    for (const client of ['a', 'b', 'c', 'd']) limiter.hit(client, T0);
    expect(limiter.size).toBe(3);
    expect(limiter.hit('d', T0 + 1).remaining).toBe(58);
  });

  it('is bounded by default too', () => {
    const limiter = createRateLimiter();
    for (let n = 0; n < 100_500; n += 1) limiter.hit(`client-${n}`, T0);
    expect(limiter.size).toBeLessThanOrEqual(100_000);
  });

  it('drops idle windows once they expire', () => {
    const limiter = createRateLimiter();
    for (let n = 0; n < 1_000; n += 1) limiter.hit(`idle-${n}`, T0 + n);
    expect(limiter.size).toBe(1_000);
    limiter.hit('late', T0 + 60_500);
    expect(limiter.size).toBe(500);
    limiter.hit('later', T0 + 120_000);
    expect(limiter.size).toBe(2);
    limiter.hit('latest', T0 + 500_000);
    expect(limiter.size).toBe(1);
  });
});

describe('rateLimitHeaders', () => {
  it('gives Limit, Remaining and Reset as strings for an allowed request', () => {
    const headers = rateLimitHeaders({
      allowed: true,
      limit: 60,
      remaining: 12,
      resetEpochSeconds: 1_767_225_660,
      retryAfterSeconds: 0,
    });
    expect(headers).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '12',
      'X-RateLimit-Reset': '1767225660',
    });
  });

  it('adds Retry-After and Cache-Control: no-store when blocked', () => {
    const headers = rateLimitHeaders({
      allowed: false,
      limit: 60,
      remaining: 0,
      resetEpochSeconds: 1_767_225_660,
      retryAfterSeconds: 42,
    });
    expect(headers).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1767225660',
      'Retry-After': '42',
      'Cache-Control': 'no-store',
    });
  });

  it('matches what the limiter decides', () => {
    const limiter = createRateLimiter();
    const headers = rateLimitHeaders(limiter.hit('h', T0));
    expect(headers['X-RateLimit-Remaining']).toBe('59');
    expect(headers['X-RateLimit-Reset']).toBe(String(Math.ceil((T0 + 60_000) / 1000)));
    expect(headers['Retry-After']).toBeUndefined();
  });
});

describe('createRateLimiter: eviction never frees a refused client', () => {
  it('keeps a client that is being refused while 100,000 new clients arrive, and drops idle ones instead', () => {
    const limiter = createRateLimiter({ maxClients: 1_000 });
    exhaust(limiter, 'attacker', T0);
    expect(limiter.hit('attacker', T0 + 1).allowed).toBe(false);
    for (let n = 0; n < 100_000; n += 1) limiter.hit(`new-${n}`, T0 + 2 + Math.floor(n / 1_000));
    expect(limiter.size).toBeLessThanOrEqual(1_000);
    expect(limiter.hit('attacker', T0 + 200).allowed).toBe(false);
    expect(limiter.hit('attacker', T0 + 60_000).allowed).toBe(true);
  });

  it('refuses a newcomer rather than forget a refused client when every tracked client is being refused', () => {
    const limiter = createRateLimiter({ maxClients: 3, limit: 1 });
    for (const client of ['a', 'b', 'c']) {
      limiter.hit(client, T0);
      expect(limiter.hit(client, T0).allowed).toBe(false);
    }
    expect(limiter.hit('d', T0 + 1)).toMatchObject({ allowed: false, remaining: 0 });
    for (const client of ['a', 'b', 'c']) expect(limiter.hit(client, T0 + 2).allowed).toBe(false);
  });

  it('evicts the least recently seen client first', () => {
    const limiter = createRateLimiter({ maxClients: 100 });
    for (let n = 0; n < 100; n += 1) limiter.hit(`c${n}`, T0);
    limiter.hit('c0', T0 + 1);
    limiter.hit('newcomer', T0 + 2);
    expect(limiter.hit('c0', T0 + 3).remaining).toBe(57);
    expect(limiter.hit('c1', T0 + 3).remaining).toBe(59);
  });

  it('bounds the key: two clients that differ only after 64 characters share a window', () => {
    const limiter = createRateLimiter();
    const stem = 'k'.repeat(64);
    limiter.hit(`${stem}a`, T0);
    expect(limiter.hit(`${stem}b`, T0).remaining).toBe(58);
  });
});

describe('peek', () => {
  it('shows the standing without counting a request', () => {
    const limiter = createRateLimiter();
    expect(limiter.peek('p', T0)).toMatchObject({ allowed: true, remaining: 60 });
    limiter.hit('p', T0);
    expect(limiter.peek('p', T0 + 1)).toMatchObject({ allowed: true, remaining: 59 });
    expect(limiter.peek('p', T0 + 2)).toMatchObject({ remaining: 59 });
    exhaust(limiter, 'q', T0);
    expect(limiter.peek('q', T0 + 1)).toMatchObject({ allowed: false, remaining: 0 });
  });
});
