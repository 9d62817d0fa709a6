// Test helpers for the HTTP tests: a local server per block over a shared built site, raw HTTP requests from a chosen
// 127.0.0.x source address, and the checks every /api/ response must pass.
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../../build/serve/server.ts';
import { parseTrustedProxies, type TrustedProxies } from '../../build/serve/trusted-proxies.ts';
import { NETLIFY_TOML, type SharedSite } from './fixture.ts';
import { ON_NETLIFY_EMULATOR, startNetlifyEmulator } from './netlify-emulator.ts';

/** Trusted proxies from a --trust-proxy list that must parse. */
export function trusted(list: string): TrustedProxies {
  const parsed = parseTrustedProxies(list);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** The loopback addresses the tests connect from, trusted as proxies: X-Forwarded-For then names the client. */
export const LOOPBACK_PROXIES = trusted('127.0.0.0/8,::1');

/**
 * Starts a fresh server (so a fresh limiter) before the enclosing block's tests and closes it after: the local server,
 * or Netlify's emulator on the same site when the run asks for it (npm run test:netlify; `options` then do not apply).
 */
export function useServer(
  site: () => SharedSite,
  options: Partial<ServerOptions> = {},
): { readonly server: RunningServer } {
  const holder: { server?: RunningServer } = {};
  beforeAll(async () => {
    if (ON_NETLIFY_EMULATOR) {
      holder.server = await startNetlifyEmulator(site().publicDir);
      return;
    }
    holder.server = await startServer({
      publicDir: site().publicDir,
      netlifyToml: NETLIFY_TOML,
      port: 0,
      log: () => {},
      ...options,
    });
  });
  afterAll(async () => {
    await holder.server?.close();
  });
  return {
    get server() {
      if (!holder.server) throw new Error('server not started');
      return holder.server;
    },
  };
}

export interface RawResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  port: number;
  /** Sent as is: no URL normalisation (so "%2e%2e" and "//" reach the server untouched). */
  path: string;
  method?: string;
  localAddress?: string;
  headers?: OutgoingHttpHeaders;
}

/** One HTTP/1.1 request to 127.0.0.1 on a fresh connection from `localAddress` (default 127.0.0.1). */
export function rawRequest({
  port,
  path: requestPath,
  method = 'GET',
  localAddress = '127.0.0.1',
  headers = {},
}: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: requestPath, method, localAddress, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A fetch Response read into the same shape (never following redirects). */
export async function fetchRaw(url: string, init: RequestInit = {}): Promise<RawResponse> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: res.status, headers, body: await res.text() };
}

const intPattern = /^\d+$/;

/** The site's 404 page (build/render/not-found-page.ts): what a path outside /api/ that names no file gets. */
export function expectNotFoundPage(res: RawResponse): void {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('<title>Not found</title>');
  expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'/);
}

/**
 * The headers every /api/ response carries (contract §3), X-RateLimit-Remaining/Reset as integers; the reset within a
 * minute of `nowMs`, the server's clock (the machine's unless the test gave the server its own).
 */
export function expectApiHeaders(res: RawResponse, nowMs = Date.now()): { remaining: number; reset: number } {
  expect(res.status < 300 || res.status >= 400, `no redirect (got ${res.status})`).toBe(true);
  expect(res.headers['location']).toBeUndefined();
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['x-ratelimit-limit']).toBe('60');
  const remaining = res.headers['x-ratelimit-remaining'] ?? '';
  const reset = res.headers['x-ratelimit-reset'] ?? '';
  expect(remaining, 'X-RateLimit-Remaining').toMatch(intPattern);
  expect(reset, 'X-RateLimit-Reset').toMatch(intPattern);
  const nowSeconds = nowMs / 1000;
  expect(Number(reset)).toBeGreaterThanOrEqual(Math.floor(nowSeconds));
  expect(Number(reset)).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 60);
  return { remaining: Number(remaining), reset: Number(reset) };
}

/** Checks one client's successive /api/ responses: API headers, Remaining down by exactly one each time, same Reset. */
export class ClientBudget {
  private last: { remaining: number; reset: number } | null = null;

  check(res: RawResponse): void {
    const current = expectApiHeaders(res);
    // Known emulator difference (docs/cdn.md): @netlify/dev runs each request in a fresh worker, so the function's
    // counters start over every time and every counted request shows Remaining 59.
    if (ON_NETLIFY_EMULATOR) return void expect(current.remaining, 'a fresh worker per request').toBe(59);
    if (this.last === null) expect(current.remaining, 'first request of a window').toBe(59);
    else {
      expect(current.remaining, 'Remaining decreases by one per request').toBe(this.last.remaining - 1);
      expect(current.reset, 'Reset stays fixed within the window').toBe(this.last.reset);
    }
    this.last = current;
  }
}

/** The exact error body of a code, parsed. */
export const errorOf = (code: string) => ({ error: code });
