// Pure per-client rate limiter (fixed 60 s window from a client's first request) shared by the edge function and the local server.
// No Node or Deno APIs here: the Netlify edge function imports this file as it is.

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
  /** Most clients tracked at once; beyond it the oldest windows are dropped, so memory stays bounded. */
  maxClients?: number;
}

interface Window {
  startMs: number;
  count: number;
}

export interface RateLimiter {
  hit(client: string, nowMs: number): RateLimitDecision;
  /** Number of clients currently tracked. */
  readonly size: number;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? RATE_LIMIT;
  const windowMs = options.windowMs ?? RATE_WINDOW_MS;
  const maxClients = options.maxClients ?? 100_000;
  // Insertion order is window-start order (a renewed window is re-inserted), so the oldest windows come first.
  const windows = new Map<string, Window>();

  function evict(nowMs: number): void {
    for (const [client, window] of windows) {
      if (window.startMs + windowMs > nowMs && windows.size <= maxClients) break;
      windows.delete(client);
    }
  }

  return {
    get size() {
      return windows.size;
    },
    hit(client, nowMs) {
      let window = windows.get(client);
      if (window && window.startMs + windowMs <= nowMs) {
        windows.delete(client);
        window = undefined;
      }
      if (!window) {
        window = { startMs: nowMs, count: 0 };
        windows.set(client, window);
        evict(nowMs);
      }
      const resetMs = window.startMs + windowMs;
      const resetEpochSeconds = Math.ceil(resetMs / 1000);
      if (window.count >= limit) {
        return { allowed: false, limit, remaining: 0, resetEpochSeconds, retryAfterSeconds: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)) };
      }
      window.count += 1;
      return { allowed: true, limit, remaining: limit - window.count, resetEpochSeconds, retryAfterSeconds: 0 };
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
