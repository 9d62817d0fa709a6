// Netlify Edge Function on /api and /api/* (declared in netlify.toml): a thin adapter of build/core/edge-policy.ts to
// Deno's Request/Response. Counters live in the memory of each edge node, so the limit is enforced per node.
import { clientKey } from '../core/client-key.ts';
import { decideRequest, finishResponse, upstreamFailure } from '../core/edge-policy.ts';
import { MAX_ERROR_BODY_BYTES } from '../core/errors.ts';
import { createRateLimiter } from '../core/rate-limit.ts';

interface EdgeContext {
  ip: string;
  next(): Promise<Response>;
}

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

export default async function apiEdge(
  request: Request,
  context: EdgeContext,
  nowMs: number = Date.now(),
): Promise<Response> {
  const url = new URL(request.url);
  const decision = decideRequest(
    {
      method: request.method,
      rawPath: url.pathname,
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
    upstream = await context.next();
  } catch {
    const failure = upstreamFailure(decision.headers);
    return new Response(head ? null : failure.body, { status: failure.status, headers: failure.headers });
  }
  const peeked = upstream.status === 200 ? await peekShortBody(upstream) : { shortBody: null, body: upstream.body };
  const finished = finishResponse(
    { status: upstream.status, shortBody: peeked.shortBody, path: decision.pass.path },
    decision.headers,
  );
  const headers = new Headers(upstream.headers);
  for (const [name, value] of Object.entries(finished.headers)) headers.set(name, value);
  if (finished.replaceBody !== null) {
    headers.delete('content-length');
    return new Response(head ? null : finished.replaceBody, { status: finished.status, headers });
  }
  return new Response(head ? null : peeked.body, { status: finished.status, headers });
}
