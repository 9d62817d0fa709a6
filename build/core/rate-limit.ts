// Pure per-client rate limiter (fixed 60 s window from a client's first request) shared by the edge function and the local server.
// No Node or Deno APIs here: the Netlify edge function imports this file as it is.
import { MAX_CLIENT_KEY_LENGTH } from './client-key.ts';

export const RATE_LIMIT = 60;
export const RATE_WINDOW_MS = 60_000;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one (0 when blocked). */
  remaining: number;
  /** Unix time, in seconds, at which the window resets. */
  resetEpochSeconds: number;
  /** Seconds until the reset, for Retry-After (only when blocked). */
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  limit?: number;
  windowMs?: number;
  /** Most clients tracked at once, so memory stays bounded whatever the number of clients. */
  maxClients?: number;
}

interface Window {
  startMs: number;
  count: number;
}

export interface RateLimiter {
  /** Counts one request of `client` and decides it. */
  hit(client: string, nowMs: number): RateLimitDecision;
  /** The client's current standing, without counting a request (CORS preflight). */
  peek(client: string, nowMs: number): RateLimitDecision;
  /** Number of clients currently tracked. */
  readonly size: number;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? RATE_LIMIT;
  const windowMs = options.windowMs ?? RATE_WINDOW_MS;
  const maxClients = options.maxClients ?? 100_000;
  // Map order is recency: a client is moved to the end each time it is seen, so the least recently seen come first.
  const windows = new Map<string, Window>();
  const expired = (window: Window, nowMs: number) => window.startMs + windowMs <= nowMs;
  const refusing = (window: Window, nowMs: number) => window.count >= limit && !expired(window, nowMs);

  /**
   * Makes room for one more client: expired windows go first, then the least recently seen clients that are not
   * being refused (a refused client is never turned back into a fresh window by others arriving). Returns false
   * when every tracked client is being refused: the newcomer is then refused too (fail closed).
   */
  function makeRoom(nowMs: number): boolean {
    // Idle clients come first in recency order: drop their expired windows as they surface.
    for (const [client, window] of windows) {
      if (!expired(window, nowMs)) break;
      windows.delete(client);
    }
    if (windows.size < maxClients) return true;
    for (const [client, window] of windows) if (expired(window, nowMs)) windows.delete(client);
    // Free a batch at once, so a flood of new clients costs one pass per batch, not per client.
    const target = maxClients - Math.max(1, Math.floor(maxClients / 100));
    for (const [client, window] of windows) {
      if (windows.size <= target) break;
      if (!refusing(window, nowMs)) windows.delete(client);
    }
    return windows.size < maxClients;
  }

  function decision(window: Window, nowMs: number, allowed: boolean): RateLimitDecision {
    const resetMs = window.startMs + windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetEpochSeconds: Math.ceil(resetMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
    };
  }

  const keyOf = (client: string) => client.slice(0, MAX_CLIENT_KEY_LENGTH);

  return {
    get size() {
      return windows.size;
    },
    hit(client, nowMs) {
      const key = keyOf(client);
      let window = windows.get(key);
      if (window) windows.delete(key);
      if (!window || expired(window, nowMs)) {
        if (!makeRoom(nowMs)) return decision({ startMs: nowMs, count: limit }, nowMs, false);
        window = { startMs: nowMs, count: 0 };
      }
      windows.set(key, window);
      if (window.count >= limit) return decision(window, nowMs, false);
      window.count += 1;
      return decision(window, nowMs, true);
    },
    peek(client, nowMs) {
      const window = windows.get(keyOf(client));
      if (!window || expired(window, nowMs)) return decision({ startMs: nowMs, count: 0 }, nowMs, true);
      return decision(window, nowMs, window.count < limit);
    },
  };
}

/** The headers a decision adds to a response (429s also get Retry-After and Cache-Control: no-store). */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetEpochSeconds),
  };
  if (!decision.allowed) {
    headers['Retry-After'] = String(decision.retryAfterSeconds);
    headers['Cache-Control'] = 'no-store';
  }
  return headers;
}
