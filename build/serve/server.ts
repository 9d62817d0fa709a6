// The local server: the published folder with netlify.toml's rules and headers, and the /api edge policy, as on the CDN.
// Every request is handled inside one error boundary: whatever throws becomes a JSON error, and the server keeps serving.
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { API_RESPONSE_HEADERS, ALLOWED_METHODS, decideRequest, finishResponse } from '../core/request-policy.ts';
import { errorBody, ERROR_STATUS, MAX_ERROR_BODY_BYTES, type ErrorCode } from '../core/errors.ts';
import { createRateLimiter, rateLimitHeaders, type RateLimiter } from '../core/rate-limit.ts';
import { isApiPath, normalisePath } from '../core/request-path.ts';
import { ConnectionCap, RESERVED_DESCRIPTORS } from './connection-cap.ts';
import { contentTypeOf } from './content-types.ts';
import { loadNetlifyConfig, type NetlifyConfig } from './netlify-config.ts';
import { resolveRequest } from './resolve-request.ts';
import { SiteFiles, type ServedFile } from './site-files.ts';
import { requestClient, type TrustedProxies } from './trusted-proxies.ts';

export interface ServerOptions {
  /** The published folder (public/). */
  publicDir: string;
  netlifyToml: string;
  port?: number;
  host?: string;
  /** The proxies whose X-Forwarded-For names the client (none: the socket address is the client). */
  trustProxy?: TrustedProxies | null;
  /** Benchmark only: no rate limit (the X-RateLimit-* headers are still sent, from a limiter that never blocks). */
  noRateLimit?: boolean;
  /** Memory for cached file bodies (bytes). */
  cacheBytes?: number;
  /** How often, at most, the tree is checked for a new build (ms; default 500). */
  treeCheckIntervalMs?: number;
  now?: () => number;
  /** Where the one line per failure goes (default: stderr). */
  log?: (line: string) => void;
  /**
   * Files of the tree still being written (npm start serves before a publishing build's exports and bundle are in):
   * their paths relative to the folder (a folder's ends with "/"), and the promise settled once they are written.
   * A request for one of them waits for it; the tree is then re-read. `releaseDir`: the folder served meanwhile (the
   * build's new release, which public/ links to once `done` is settled without error).
   */
  publishing?: { paths: readonly string[]; done: Promise<unknown>; releaseDir?: string };
  /** Connections one client address may hold at once (default MAX_CONNECTIONS_PER_CLIENT, connection-cap.ts). */
  maxConnectionsPerClient?: number;
  /** Connections held in all (default: the open-file limit less a reserve, connection-cap.ts). */
  maxConnections?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Headers of errors the server makes itself outside /api/ (no limiter runs there, as on the CDN). */
const PLAIN_ERROR_HEADERS = {
  'Content-Type': API_RESPONSE_HEADERS['Content-Type']!,
  'Access-Control-Allow-Origin': '*',
};

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...headers, 'Content-Length': String(bytes.length) });
  res.end(req.method === 'HEAD' || status === 204 || status === 304 ? undefined : bytes);
}

/** After answering a request that still sends a body, bytes read before the connection is closed (nginx's lingering close). */
const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 2000;
/** Refused connections left to linger at once (half the descriptors connection-cap.ts reserves). */
const LINGERING_MOST = RESERVED_DESCRIPTORS / 2;

/**
 * No request has a body this API reads: a body is discarded as it arrives and, once the answer is sent, the
 * connection closes after at most LINGER_BYTES more or LINGER_MS (long enough for the client to read the answer,
 * short enough that a gigabyte upload costs neither memory nor bandwidth).
 */
function lingerOnBody(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const length = req.headers['content-length'];
  if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return;
  res.shouldKeepAlive = false;
  res.once('finish', () => {
    if (req.complete) return;
    let after = 0;
    const close = () => req.socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      after += chunk.length;
      if (after > LINGER_BYTES) close();
    });
    req.socket.once('close', () => clearTimeout(timer));
  });
}

/** Splits a request target into raw path and query; absolute-form targets (http://host/path) are accepted. */
function splitTarget(target: string): { rawPath: string; query: string } | null {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      pathAndQuery = `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  const queryAt = pathAndQuery.indexOf('?');
  return queryAt === -1
    ? { rawPath: pathAndQuery, query: '' }
    : { rawPath: pathAndQuery.slice(0, queryAt), query: pathAndQuery.slice(queryAt + 1) };
}

/** The limiter key of a request's client (trusted-proxies.ts). */
function clientOf(req: IncomingMessage, trustProxy: TrustedProxies | null): string {
  const forwarded = req.headers['x-forwarded-for'];
  return requestClient(
    req.socket.remoteAddress ?? '',
    Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? null),
    trustProxy,
  );
}

/** The promise a request must wait on before it is answered (it names a file still being written), else null. */
function publishingGate(
  files: SiteFiles,
  publishing: ServerOptions['publishing'],
): (url: string) => Promise<void> | null {
  if (!publishing) return () => null;
  // Settled or failed, the tree is re-read before the waiting requests are answered.
  let written: Promise<void> | null = publishing.done
    .catch(() => undefined)
    .then(() => {
      files.unpin();
      files.reload();
      written = null;
    });
  const pending = (relative: string) =>
    publishing.paths.some((file) => (file.endsWith('/') ? `${relative}/`.startsWith(file) : relative === file));
  return (url) => {
    if (written === null) return null;
    const target = splitTarget(url);
    const normalised = target === null ? null : normalisePath(target.rawPath);
    return normalised === null || typeof normalised === 'string' || !pending(normalised.segments.join('/'))
      ? null
      : written;
  };
}

function createHandler(config: NetlifyConfig, files: SiteFiles, limiter: RateLimiter, options: ServerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const trustProxy = options.trustProxy ?? null;

  function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: ServedFile,
    status: number,
    headers: Record<string, string>,
  ): void {
    const all = { 'Content-Type': contentTypeOf(file.relative), ETag: file.etag, ...headers };
    if (status === 200 && req.headers['if-none-match'] === file.etag) return send(req, res, 304, all, '');
    if (file.body) return send(req, res, status, all, file.body);
    res.writeHead(status, { ...all, 'Content-Length': String(file.size) });
    if (req.method === 'HEAD') return void res.end();
    const stream = files.stream(file);
    stream.on('error', (error) => {
      log(`serve: reading ${file.relative} failed: ${error.message}`);
      res.destroy();
    });
    stream.pipe(res);
  }

  function handle(
    req: IncomingMessage,
    res: ServerResponse,
    state: { apiHeaders: Record<string, string> | null },
  ): void {
    files.refresh();
    // HTTP/1.1 requires Host (HTTP/1.0 does not): a request without it is answered as one the server cannot read.
    const missingHost = req.httpVersion !== '1.0' && req.headers.host === undefined;
    const target = missingHost ? null : splitTarget(req.url ?? '/');
    const normalised = target === null ? 'bad_encoding' : normalisePath(target.rawPath);
    // A path that cannot be normalised is answered as the API answers errors (JSON, headers, counted).
    const edgePath = typeof normalised === 'string' ? '/api/' : normalised.path;
    if (isApiPath(edgePath) && config.hasEdgeFunction(edgePath)) {
      const decision = decideRequest(
        {
          method: req.method ?? 'GET',
          rawPath: target?.rawPath ?? '',
          rawQuery: target?.query ?? '',
          client: clientOf(req, trustProxy),
          requestHeaders: req.headers['access-control-request-headers'] ?? null,
        },
        limiter,
        now(),
      );
      if ('answer' in decision)
        return send(req, res, decision.answer.status, decision.answer.headers, decision.answer.body);
      state.apiHeaders = { ...API_RESPONSE_HEADERS, ...decision.headers };
      const resolution = resolveRequest(config, files, decision.pass, decision.query);
      const file = resolution.file === null ? null : files.read(resolution.file);
      if (file === null) return send(req, res, 404, state.apiHeaders, errorBody('not_found'));
      const shortBody = file.body !== null && file.size <= MAX_ERROR_BODY_BYTES ? file.body.toString('utf8') : null;
      const finished = finishResponse(
        { status: resolution.status, shortBody, path: decision.pass.path },
        decision,
        now(),
      );
      const headers = { ...config.headersFor(decision.pass.path), ...finished.headers };
      if (finished.replaceBody !== null) return send(req, res, finished.status, headers, finished.replaceBody);
      return serveFile(req, res, file, finished.status, headers);
    }
    if (typeof normalised === 'string')
      return send(req, res, ERROR_STATUS.bad_request, PLAIN_ERROR_HEADERS, errorBody('bad_request'));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(
        req,
        res,
        ERROR_STATUS.method_not_allowed,
        { ...PLAIN_ERROR_HEADERS, Allow: ALLOWED_METHODS },
        errorBody('method_not_allowed'),
      );
    }
    const resolution = resolveRequest(config, files, normalised, target!.query);
    const file = resolution.file === null ? null : files.read(resolution.file);
    if (file === null) return send(req, res, 404, PLAIN_ERROR_HEADERS, errorBody('not_found'));
    return serveFile(req, res, file, resolution.status, config.headersFor(normalised.path));
  }

  const publishing = publishingGate(files, options.publishing);

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const state: { apiHeaders: Record<string, string> | null } = { apiHeaders: null };
    try {
      handle(req, res, state);
    } catch (error) {
      log(`serve: ${req.method} ${(req.url ?? '').slice(0, 200)} failed: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) return void res.destroy();
      send(req, res, ERROR_STATUS.internal_error, state.apiHeaders ?? PLAIN_ERROR_HEADERS, errorBody('internal_error'));
    }
  }

  return function onRequest(req: IncomingMessage, res: ServerResponse): void {
    // Bodies are never stored: whatever a client sends is read and discarded, and no more than a little of it.
    lingerOnBody(req, res);
    const written = publishing(req.url ?? '/');
    if (written === null) return answer(req, res);
    void written.then(() => answer(req, res));
  };
}

/** Writes a whole response on a socket Node's HTTP parser no longer owns, and closes it. */
function answerOnSocket(
  socket: Duplex,
  status: number,
  headers: Record<string, string>,
  body: string,
  written?: () => void,
): void {
  const head = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`, written);
}

/**
 * Refuses a connection over a cap (connection-cap.ts) at once, before any request: the JSON 429 with Connection: close,
 * then a lingering close (what the client sends is read and dropped until it closes, LINGER_BYTES or LINGER_MS), so
 * the answer is never lost to a reset. `refused` holds the socket until it is gone.
 */
function refuseConnection(socket: Socket, refused: Set<Socket>): void {
  refused.add(socket);
  let after = 0;
  const close = () => socket.destroy();
  // Under a flood the lingering sockets would take the descriptors the reserve keeps: past LINGERING_MOST of them, a
  // client that has sent nothing is closed as soon as its answer is written (nothing unread, so a clean close, no reset).
  const crowded = refused.size > LINGERING_MOST;
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.on('error', close);
  socket.on('data', (chunk: Buffer) => {
    after += chunk.length;
    if (after > LINGER_BYTES) close();
  });
  socket.once('end', close);
  socket.once('close', () => {
    clearTimeout(timer);
    refused.delete(socket);
  });
  const code: ErrorCode = 'rate_limit_exceeded';
  answerOnSocket(
    socket,
    ERROR_STATUS[code],
    { ...API_RESPONSE_HEADERS, 'Retry-After': '1', 'Cache-Control': 'no-store' },
    errorBody(code),
    () => {
      if (crowded && after === 0) close();
    },
  );
}

/**
 * Answers a request Node could not even parse (bad request line, oversized headers) with the JSON error and headers,
 * counted like any /api request: a client over the limit gets the 429 (with Retry-After) first, as decideRequest does.
 */
function answerClientError(limiter: RateLimiter, now: () => number) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    // No header could be read, so the socket's address is the client.
    const decision = limiter.hit(requestClient(socket.remoteAddress ?? '', null, null), now());
    const code: ErrorCode = !decision.allowed
      ? 'rate_limit_exceeded'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : 'bad_request';
    answerOnSocket(
      socket,
      ERROR_STATUS[code],
      { ...API_RESPONSE_HEADERS, ...rateLimitHeaders(decision) },
      errorBody(code),
    );
  };
}

/** CONNECT (which Node hands over as a bare socket) gets the API's answer to a method it does not allow, counted. */
function answerConnect(limiter: RateLimiter, now: () => number, trustProxy: TrustedProxies | null) {
  return (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const decision = decideRequest(
      {
        method: req.method ?? 'CONNECT',
        rawPath: '/api/',
        rawQuery: '',
        client: clientOf(req, trustProxy),
        requestHeaders: null,
      },
      limiter,
      now(),
    );
    if ('answer' in decision)
      return answerOnSocket(socket, decision.answer.status, decision.answer.headers, decision.answer.body);
    socket.destroy();
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const config = await loadNetlifyConfig(options.netlifyToml);
  const files = new SiteFiles(path.resolve(options.publicDir), {
    ...(options.publishing?.releaseDir ? { pinned: options.publishing.releaseDir } : {}),
    ...(options.cacheBytes === undefined ? {} : { cacheBytes: options.cacheBytes }),
    ...(options.treeCheckIntervalMs === undefined ? {} : { checkIntervalMs: options.treeCheckIntervalMs }),
  });
  const limiter = createRateLimiter(options.noRateLimit ? { limit: Number.MAX_SAFE_INTEGER } : {});
  const handler = createHandler(config, files, limiter, options);
  // Host is checked by the handler, so that its absence gets the API's JSON answer rather than Node's bare 400.
  const server: Server = createServer({ keepAlive: true, requireHostHeader: false }, handler);
  // Connections are accepted in front of the HTTP server: one within the caps is handed to it, any other refused.
  const trustProxy = options.trustProxy ?? null;
  const cap = new ConnectionCap({
    ...(options.maxConnectionsPerClient === undefined ? {} : { perClient: options.maxConnectionsPerClient }),
    ...(options.maxConnections === undefined ? {} : { total: options.maxConnections }),
    exempt: (address) => trustProxy?.has(address) ?? false,
  });
  const refused = new Set<Socket>();
  const front = createNetServer((socket) => {
    if (cap.admit(socket) === 'admitted') return void server.emit('connection', socket);
    refuseConnection(socket, refused);
  });
  // An Expect other than 100-continue is ignored, as RFC 9110 allows: the request is answered like any other.
  server.on('checkExpectation', handler);
  server.on('clientError', answerClientError(limiter, options.now ?? Date.now));
  server.on('connect', answerConnect(limiter, options.now ?? Date.now, options.trustProxy ?? null));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port ?? 0, host, () => {
      front.off('error', reject);
      resolve();
    });
  });
  // Once listening, a failure to accept (no descriptor left, the caps notwithstanding) is one line, never a crash.
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  front.on('error', (error) => log(`serve: accepting a connection failed: ${error.message}`));
  // The HTTP server never listens itself: told that its connections now come, it tracks them (headers and request
  // timeouts, closeAllConnections) as it would have.
  server.emit('listening');
  const { port } = front.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        front.close(() => resolve());
        server.close();
        server.closeAllConnections();
        for (const socket of refused) socket.destroy();
      }),
  };
}
