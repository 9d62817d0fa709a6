// Netlify Edge Function on every /api path and its other spellings (declared in netlify.toml): a thin adapter of
// build/core/request-policy.ts to Deno's Request/Response. Netlify's platform rate limiting enforces the limit (the
// `rateLimit` of `config` below); the counters here give the X-RateLimit-* headers, as seen by this isolate.
import { clientKey } from '../core/client-key.ts';
import { MAX_ERROR_BODY_BYTES, RATE_LIMITED_PATH } from '../core/errors.ts';
import { decideRequest, finishResponse, upstreamFailure } from '../core/request-policy.ts';
import { createRateLimiter, RATE_LIMIT, RATE_WINDOW_MS } from '../core/rate-limit.ts';
import { isApiPath, normalisePath } from '../core/request-path.ts';

interface EdgeContext {
  ip: string;
  next(request?: Request): Promise<Response>;
}

/**
 * Netlify's platform rate limiting (a sliding window counted across its edge, per IP and domain): over the limit, the
 * request is rewritten onto the rate_limit_exceeded document, which finishResponse answers with 429. Netlify's bundler
 * turns this into a traffic rule of the deploy's manifest (checked by tests/netlify-edge/bundle-manifest.test.ts).
 */
export const config = {
  rateLimit: {
    windowLimit: RATE_LIMIT,
    windowSize: RATE_WINDOW_MS / 1000,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: RATE_LIMITED_PATH,
  },
};

/** The view of this isolate: Netlify may run each request in a fresh one, so it is a view, not the enforcement. */
const limiter = createRateLimiter();

/**
 * The upstream body's first bytes when the whole body fits in MAX_ERROR_BODY_BYTES (so it may be an error document),
 * and a body that still yields every byte for the client.
 */
async function peekShortBody(upstream: Response): Promise<{ shortBody: string | null; body: BodyInit | null }> {
  const declared = upstream.headers.get('content-length');
  if (upstream.body === null) return { shortBody: '', body: null };
  if (declared !== null && Number(declared) > MAX_ERROR_BODY_BYTES) return { shortBody: null, body: upstream.body };
  const reader = upstream.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= MAX_ERROR_BODY_BYTES) {
    const { done, value } = await reader.read();
    if (done) return { shortBody: new TextDecoder().decode(concat(chunks, size)), body: concat(chunks, size) };
    chunks.push(value);
    size += value.length;
  }
  // Longer than any error document: replay what was read, then the rest.
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { shortBody: null, body: replay };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * The request the CDN's rules see: the normalised path (so `//api`, `/%61pi`, a trailing slash reach the same rule
 * as the canonical spelling) and the query the policy passes on, and GET for a HEAD, so that an error document is
 * recognised by its body (a HEAD has none) and HEAD answers exactly as GET, minus the body.
 */
const upstreamRequest = (request: Request, url: URL, path: string, query: string): Request =>
  new Request(new URL(`${path}${query === '' ? '' : `?${query}`}`, url.origin), {
    method: 'GET',
    headers: request.headers,
  });

export default async function apiPolicy(
  request: Request,
  context: EdgeContext,
  nowMs: number = Date.now(),
): Promise<Response> {
  const url = new URL(request.url);
  const normalised = normalisePath(url.pathname);
  // Another spelling of a path outside the API (the declaration's pattern is wide): the CDN answers its canonical form.
  if (typeof normalised !== 'string' && !isApiPath(normalised.path))
    return context.next(upstreamRequest(request, url, normalised.path, url.search.slice(1)));
  const decision = decideRequest(
    {
      method: request.method,
      rawPath: url.pathname,
      rawQuery: url.search.slice(1),
      client: clientKey(context.ip) ?? context.ip,
      requestHeaders: request.headers.get('access-control-request-headers'),
    },
    limiter,
    nowMs,
  );
  const head = request.method === 'HEAD';
  if ('answer' in decision) {
    const { status, headers, body } = decision.answer;
    return new Response(head || status === 204 ? null : body, { status, headers });
  }
  let upstream: Response;
  try {
    upstream = await context.next(upstreamRequest(request, url, decision.pass.path, decision.query));
  } catch {
    const failure = upstreamFailure(decision.headers);
    return new Response(head ? null : failure.body, { status: failure.status, headers: failure.headers });
  }
  const peeked = upstream.status === 200 ? await peekShortBody(upstream) : { shortBody: null, body: upstream.body };
  const finished = finishResponse(
    { status: upstream.status, shortBody: peeked.shortBody, path: decision.pass.path },
    decision,
    nowMs,
  );
  const headers = new Headers(upstream.headers);
  for (const [name, value] of Object.entries(finished.headers)) headers.set(name, value);
  const body = head ? null : (finished.replaceBody ?? peeked.body);
  // The CDN's body is not sent (a HEAD, or a body of our own): it is not read any further either.
  if (body !== peeked.body && peeked.body instanceof ReadableStream) await peeked.body.cancel();
  if (finished.replaceBody !== null)
    headers.set('content-length', String(new TextEncoder().encode(finished.replaceBody).length));
  return new Response(body, { status: finished.status, headers });
}
