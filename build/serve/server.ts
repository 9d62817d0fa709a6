// The local server: http-server serving public/ with netlify.toml's rules, headers and the rate limit applied as on the CDN.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import httpServer from 'http-server';
import { errorBody } from '../core/errors.ts';
import { loadNetlifyConfig, type NetlifyConfig } from './netlify-config.ts';
import { ALLOWED_METHODS, decideAtEdge } from '../core/edge-policy.ts';
import { createRateLimiter, type RateLimiter } from '../core/rate-limit.ts';
import { resolveRequest } from './resolve-request.ts';

export interface ServerOptions {
  publicDir: string;
  netlifyToml: string;
  port?: number;
  host?: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy?: boolean;
  /** Benchmark only: no rate limit (the X-RateLimit-* headers are still sent from a limiter that never blocks). */
  noRateLimit?: boolean;
  now?: () => number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * Sets `headers` at the moment the response head is written, over whatever http-server set. http-server (union)
 * hands middleware a wrapper whose `response` is the real ServerResponse, which is where the head gets written.
 */
function overrideHeadersOnWrite(wrapper: ServerResponse & { response?: ServerResponse }, headers: Record<string, string>): void {
  const res = wrapper.response ?? wrapper;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

function sendBody(req: IncomingMessage, res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function createMiddleware(config: NetlifyConfig, options: ServerOptions) {
  const publicDir = path.resolve(options.publicDir);
  const now = options.now ?? Date.now;
  const limiter: RateLimiter = createRateLimiter(options.noRateLimit ? { limit: Number.MAX_SAFE_INTEGER } : {});
  return function netlifyRules(req: IncomingMessage, res: ServerResponse & { emit(event: 'next'): boolean }): void {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    const headers = config.headersFor(rawPath);

    if (config.hasEdgeFunction(rawPath)) {
      const client = clientAddress(req, options.trustProxy ?? false);
      const decision = decideAtEdge({ method: req.method ?? 'GET', path: rawPath, client }, limiter, now());
      Object.assign(headers, decision.headers);
      if (decision.error) return sendBody(req, res, decision.error.status, decision.error.body, headers);
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendBody(req, res, 405, errorBody('method_not_allowed'), { ...headers, Allow: ALLOWED_METHODS });
    }
    const resolution = resolveRequest(config, publicDir, rawPath, query);
    if (resolution.file === null) return sendBody(req, res, 404, errorBody('not_found'), headers);
    overrideHeadersOnWrite(res, headers);
    // http-server serves req.url from public/ with the status in req.statusCode.
    req.url = `/${resolution.file.split('/').map(encodeURIComponent).join('/')}`;
    (req as IncomingMessage & { statusCode?: number }).statusCode = resolution.status === 200 ? undefined : resolution.status;
    res.emit('next');
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const config = await loadNetlifyConfig(options.netlifyToml);
  const server = httpServer.createServer({
    root: path.resolve(options.publicDir),
    cache: 300,
    showDir: 'false',
    autoIndex: 'false',
    before: [createMiddleware(config, options) as (req: IncomingMessage, res: ServerResponse) => void],
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.server.close(() => resolve());
        server.server.closeAllConnections?.();
      }),
  };
}
