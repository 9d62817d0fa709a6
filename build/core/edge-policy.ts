// What the /api/* edge function decides before the CDN's rules run: method, rate limit, empty slug segments.
// Pure and dependency-free: the Netlify edge function (Deno) and the local server (Node) both run this code.
import { errorBody, ERROR_STATUS, type ErrorCode } from './errors.ts';
import { rateLimitHeaders, type RateLimiter } from './rate-limit.ts';

export const ALLOWED_METHODS = 'GET, HEAD';

/** Headers of responses the edge function makes itself (the CDN's header rules may not reach them; a test keeps them equal to netlify.toml's). */
export const GENERATED_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Access-Control-Allow-Origin': '*',
};

export interface EdgeRequest {
  method: string;
  /** Raw URL path, without the query. */
  path: string;
  client: string;
}

export interface EdgeDecision {
  /** Headers to add to whatever response goes out. */
  headers: Record<string, string>;
  /** When set, the edge answers with this error instead of passing the request on. */
  error: { status: number; body: string } | null;
}

const refuse = (code: ErrorCode) => ({ status: ERROR_STATUS[code], body: errorBody(code) });

export function decideAtEdge(request: EdgeRequest, limiter: RateLimiter, nowMs: number): EdgeDecision {
  const decision = limiter.hit(request.client, nowMs);
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) return { headers: { ...GENERATED_RESPONSE_HEADERS, ...headers }, error: refuse('rate_limit_exceeded') };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { headers: { ...GENERATED_RESPONSE_HEADERS, ...headers, Allow: ALLOWED_METHODS }, error: refuse('method_not_allowed') };
  }
  // An empty segment ("//") stands where a slug belongs; CDNs differ on folding it, so it is refused here.
  if (request.path.includes('//')) return { headers: { ...GENERATED_RESPONSE_HEADERS, ...headers }, error: refuse('slugs_required') };
  return { headers, error: null };
}
