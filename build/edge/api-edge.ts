// Netlify Edge Function on /api/* (declared in netlify.toml): a thin adapter over edge-policy.ts for Deno's Request/Response.
// Counters live in the memory of each edge node, so the limit is enforced per node.
import { decideAtEdge } from '../core/edge-policy.ts';
import { createRateLimiter } from '../core/rate-limit.ts';

interface EdgeContext {
  ip: string;
  next(): Promise<Response>;
}

const limiter = createRateLimiter();

export default async function rateLimit(request: Request, context: EdgeContext, nowMs: number = Date.now()): Promise<Response> {
  const decision = decideAtEdge({ method: request.method, path: new URL(request.url).pathname, client: context.ip }, limiter, nowMs);
  if (decision.error) {
    return new Response(request.method === 'HEAD' ? null : decision.error.body, { status: decision.error.status, headers: decision.headers });
  }
  const upstream = await context.next();
  const response = new Response(upstream.body, upstream);
  for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value);
  // The CDN answers a missing rewrite target with 404.html; under /api/ its body is JSON, so say so.
  if (response.status === 404 && !response.headers.get('content-type')?.startsWith('application/json')) {
    response.headers.set('Content-Type', 'application/json; charset=utf-8');
  }
  return response;
}
