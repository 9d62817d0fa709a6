// A property-based request fuzzer for the local server: random requests over raw sockets (so malformed ones too), and
// the properties every answer must have. Used by tests/serve/fuzz.test.ts (short, fixed seed) and npm run fuzz (long).
import { connect } from 'node:net';
import fc from 'fast-check';
import { REGIONS } from '../../build/core/regions.ts';
import { isApiPath, normalisePath } from '../../build/core/request-path.ts';

export interface FuzzRequest {
  /** The request line and headers, sent as they are. */
  raw: string;
  /** Bytes of body sent after them (generated while sending, never held). */
  bodyBytes: number;
  /** Source address on 127.0.0.0/8, so the limit is spread over many clients (and still hit by some). */
  localAddress: string;
  /** The path as sent (for the checks), or null for a request line that is not a request. */
  path: string | null;
  method: string;
}

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Slugs of the mini fixture, so that some requests reach real documents. */
const VEHICLES = ['volt-a-400-2024', 'volt-d-na-ccs1-2024', 'volt-c-chademo-2019'];
const CHARGERS = ['amp-hpc-350', 'bolt-super-250', 'amp-wall-22'];

const hexByte = fc.integer({ min: 0, max: 255 }).map((n) => `%${n.toString(16).padStart(2, '0')}`);
const badEscape = fc.constantFrom('%', '%z', '%E0%A4%A', '%ff', '%C0%AF', '%2', '%%41');
const slugLike = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VEHICLES, ...CHARGERS) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,40}$/) },
  { weight: 1, arbitrary: fc.integer({ min: 240, max: 5000 }).map((n) => 'a'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '.',
      '..',
      '%2e%2e',
      '%2E',
      '_data',
      '%5Fdata',
      'compatibility',
      'index.html',
      'openapi.json',
      '404.html',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom('a', '-', '~', '.', '/', '\\', '%00', '%2f', '%5c', 'é', '😀', ' ', '"', '<'),
          hexByte,
          badEscape,
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join('')),
  },
);
const region = fc.oneof(
  fc.constantFrom(...REGIONS, 'eu', 'ZZ', '', 'EU%20', 'G%42', '%ff'),
  fc.string({ maxLength: 8 }),
);
const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: region.map((r) => `?region=${r}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(region, fc.stringMatching(/^[a-z]{1,6}$/)).map(([r, k]) => `?${k}=1&region=${r}&region=EU`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 12_000 }).map((n) => `?q=${'x'.repeat(n)}`) },
);
/** Paths of every endpoint family, then noise: extra segments, slashes, dot segments, encodings. */
const path = fc
  .tuple(
    fc.constantFrom(
      (a: string) => `/api/v1/vehicles/${a}`,
      (a: string) => `/api/v1/vehicles/${a}/compatibility`,
      (a: string) => `/api/v1/chargers/${a}`,
      (a: string) => `/api/v1/chargers/${a}/compatibility`,
      (a: string, b: string) => `/api/v1/compatibility/${a}/${b}`,
      (a: string) => `/api/v1/compatibility/${a}`,
      () => '/api/v1/compatibility',
      () => '/api/v1',
      () => '/api/v1/vehicles',
      () => '/api/v1/chargers',
      () => '/api/v1/openapi.json',
      (a: string) => `/api/v1/schemas/${a}.json`,
      (a: string) => `/api/v1/_data/${a}`,
      (a: string) => `/${a}`,
      () => '/',
      () => '/index.html',
      () => '/404.html',
    ),
    slugLike,
    slugLike,
    fc.constantFrom('', '/', '//', '/x', '/..', '/./', '/%2e%2e/%2e%2e', `/${'b'.repeat(300)}`, '/index.html/x'),
    fc.constantFrom('', '/', '//', '%61', '/.'),
  )
  .map(([make, a, b, tail, lead]) => {
    const made = make(a, b) + tail;
    if (lead === '%61') return made.replace('/api', '/%61pi');
    if (lead === '/.') return `/.${made}`;
    return `${lead}${made}`.replace(/^\/\/+$/, '/');
  });
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 4, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/) },
);
const headerLines = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'Range: bytes=999999-',
        'Range: bytes=abc',
        'If-None-Match: "x"',
        'Accept-Encoding: gzip, br',
        'Access-Control-Request-Headers: X-A, b c, %%',
        'Origin: https://app.example',
      ),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom('X-Forwarded-For', 'X-Custom', 'Cookie', 'Host'),
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.integer({ min: 1, max: 9_000 }).map((n) => 'f'.repeat(n)),
          ),
        )
        .map(([k, v]) => `${k}: ${v.replace(/[\r\n]/g, '')}`),
    },
    { weight: 1, arbitrary: fc.integer({ min: 17_000, max: 40_000 }).map((n) => `X-Huge: ${'h'.repeat(n)}`) },
  ),
  { maxLength: 3 },
);
const bodySize = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200_000 }) },
);
/** Request lines that are not well-formed requests at all. */
const brokenLine = fc.constantFrom(
  'GET http://[::1/?q HTTP/1.1',
  'GET http://example.com/api/v1?x HTTP/1.1',
  'GET * HTTP/1.1',
  'GET /api/v1 HTTP/9.9',
  'GET /api/v1\x00 HTTP/1.1',
  'GET /api /v1 HTTP/1.1',
  'G\u00e9T /api/v1 HTTP/1.1',
  '\x16\x03\x01\x02\x00\x01',
  'GET',
  '',
);

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .record({ method, path, query, headers: headerLines, body: bodySize, address: fc.integer({ min: 2, max: 120 }) })
      .map(({ method, path, query, headers, body, address }) => {
        const bodyHeaders = body > 0 ? [`Content-Length: ${body}`] : [];
        const raw = `${method} ${path}${query} HTTP/1.1\r\nHost: localhost\r\n${[...headers, ...bodyHeaders, 'Connection: close'].map((h) => `${h}\r\n`).join('')}\r\n`;
        return { raw, bodyBytes: body, localAddress: `127.0.${address}.1`, path, method };
      }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(brokenLine, fc.integer({ min: 2, max: 120 })).map(([line, address]) => ({
      raw: `${line}\r\nHost: x\r\nConnection: close\r\n\r\n`,
      bodyBytes: 0,
      localAddress: `127.0.${address}.2`,
      path: null,
      method: '',
    })),
  },
);

/** Sends one request's bytes and reads the answer until the server closes the connection. */
export function send(port: number, request: FuzzRequest): Promise<FuzzAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: request.localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('connect', () => {
      socket.write(request.raw, 'latin1');
      for (let left = request.bodyBytes; left > 0; left -= 65_536)
        socket.write(Buffer.alloc(Math.min(left, 65_536), 98));
      socket.end();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(parse(Buffer.concat(chunks))) : reject(error),
    );
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
  });
}

function parse(bytes: Buffer): FuzzAnswer | null {
  const text = bytes.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status,
    headers,
    body: bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1')).toString('utf8'),
  };
}

/** What an answer breaks, or [] when it has every property of contract §3 the fuzzer checks. */
export function violations(request: FuzzRequest, answer: FuzzAnswer | null, sentinel: string): string[] {
  if (answer === null) return ['no HTTP answer'];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status >= 300 && answer.status < 400) problems.push(`redirect ${answer.status}`);
  if (answer.body.includes(sentinel)) problems.push('a file from outside public/');
  const normalised = request.path === null ? 'bad_encoding' : normalisePath(request.path);
  const api = typeof normalised === 'string' || isApiPath(normalised.path) || request.path === null;
  if (api) {
    if (answer.headers['content-type'] !== 'application/json; charset=utf-8')
      problems.push(`content-type ${answer.headers['content-type']}`);
    if (answer.headers['access-control-allow-origin'] !== '*') problems.push('no CORS header');
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      if (!/^\d+$/.test(answer.headers[name] ?? '')) problems.push(`no ${name}`);
  }
  const notFoundPage = !api && answer.status === 404 && answer.headers['content-type'] === 'text/html; charset=utf-8';
  if (notFoundPage && !answer.body.includes('<title>Not found</title>') && request.method !== 'HEAD')
    problems.push('a 404 typed as a page that is not the 404 page');
  if (answer.status >= 400 && answer.body !== '' && request.method !== 'HEAD' && !notFoundPage) {
    if (answer.headers['content-type'] !== 'application/json; charset=utf-8')
      problems.push(`error body typed ${answer.headers['content-type']}`);
    try {
      const parsed = JSON.parse(answer.body) as { error?: unknown };
      if (typeof parsed.error !== 'string') problems.push('error body without an error code');
    } catch {
      problems.push('error body is not JSON');
    }
  }
  return problems;
}

export interface FuzzReport {
  requests: number;
  histogram: Record<string, number>;
  failures: { request: string; problems: string[] }[];
}

/** Requests are drawn in batches of this many, each batch from its own seed (seed + batch number): memory stays flat. */
const BATCH = 500;

/** Runs `count` random requests (reproducible from `seed`) against a server, `concurrency` at a time. */
export async function fuzz(
  port: number,
  count: number,
  seed: number,
  sentinel: string,
  concurrency = 16,
  onProgress?: (done: number) => void,
): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, histogram: {}, failures: [] };
  let batch: FuzzRequest[] = [];
  let batchNumber = -1;
  let next = 0;
  const take = (): FuzzRequest | null => {
    if (next >= count) return null;
    const number = Math.floor(next / BATCH);
    if (number !== batchNumber) {
      batch = fc.sample(fuzzRequest, { numRuns: Math.min(BATCH, count - number * BATCH), seed: seed + number });
      batchNumber = number;
    }
    return batch[next++ % BATCH]!;
  };
  const worker = async () => {
    for (let request = take(); request !== null; request = take()) {
      const answer = await send(port, request);
      const key = answer === null ? 'none' : String(answer.status);
      report.histogram[key] = (report.histogram[key] ?? 0) + 1;
      const problems = violations(request, answer, sentinel);
      if (problems.length > 0 && report.failures.length < 20)
        report.failures.push({ request: JSON.stringify(request.raw.slice(0, 300)), problems });
      report.requests += 1;
      if (onProgress && report.requests % 1000 === 0) onProgress(report.requests);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
}
