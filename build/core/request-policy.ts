// The request policy of every /api path, around the CDN's rules: before them (normalised path, CORS preflight, limit,
// method, empty slug segments, the region parameter) and after them (error statuses, JSON 404 bodies, JSON type, the
// platform's 429).
// Pure and dependency-free: the Netlify edge function (build/netlify-edge/, Deno) and the local server (Node) run it.
import { EXPORT_FILES, EXPORTS_PATH } from './export-files.ts';
import { errorBody, errorCodeOfBody, ERROR_STATUS, type ErrorCode } from './errors.ts';
import { passedQuery } from './region-parameter.ts';
import { normalisePath, type NormalisedPath } from './request-path.ts';
import { rateLimitHeaders, type RateLimitDecision, type RateLimiter } from './rate-limit.ts';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
export const JSON_TYPE = 'application/json; charset=utf-8';
/** Seconds a browser may cache a preflight answer. */
export const PREFLIGHT_MAX_AGE = 86_400;

/** Headers every response under /api/ carries whatever made it (the CDN's header rules may not reach the policy's own answers). */
export const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': JSON_TYPE,
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
};

export interface PolicyRequest {
  method: string;
  /** Raw URL path as received, without the query. */
  rawPath: string;
  /** Raw query as received, without "?" ('' for none). */
  rawQuery: string;
  /** The limiter key of the client (see client-key.ts). */
  client: string;
  /** Access-Control-Request-Headers of a preflight, or null. */
  requestHeaders: string | null;
}

/** A request passed on to the CDN's rules: its normalised path and query, the limit headers, the limiter's decision. */
export interface PassedRequest {
  pass: NormalisedPath;
  /** The query the rules see: a `region` value that is not a region is passed on as NOT_A_REGION (region-parameter.ts). */
  query: string;
  headers: Record<string, string>;
  limit: RateLimitDecision;
}

/** The policy answers itself (status, headers, body; an empty body for 204), or passes the normalised path on. */
export type PolicyDecision =
  { answer: { status: number; headers: Record<string, string>; body: string } } | PassedRequest;

const answer = (status: number, headers: Record<string, string>, body: string): PolicyDecision => ({
  answer: { status, headers: { ...API_RESPONSE_HEADERS, ...headers }, body },
});
const refuse = (code: ErrorCode, headers: Record<string, string>): PolicyDecision =>
  answer(ERROR_STATUS[code], headers, errorBody(code));

/** A header list echoed in a preflight answer: header names only (RFC 9110 tokens), at most 1 KiB. */
function allowedHeaders(requested: string): string {
  return requested
    .slice(0, 1024)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    .join(', ');
}

export function decideRequest(request: PolicyRequest, limiter: RateLimiter, nowMs: number): PolicyDecision {
  if (request.method === 'OPTIONS') {
    const standing = rateLimitHeaders(limiter.peek(request.client, nowMs));
    const headers: Record<string, string> = {
      ...standing,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
    };
    const requested = request.requestHeaders === null ? '' : allowedHeaders(request.requestHeaders);
    if (requested !== '') headers['Access-Control-Allow-Headers'] = requested;
    delete headers['Retry-After'];
    delete headers['Cache-Control'];
    return answer(204, headers, '');
  }
  const decision = limiter.hit(request.client, nowMs);
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) return refuse('rate_limit_exceeded', headers);
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return refuse('method_not_allowed', { ...headers, Allow: ALLOWED_METHODS });
  const path = normalisePath(request.rawPath);
  if (path === 'bad_encoding') return refuse('bad_request', headers);
  if (path === 'not_found') return refuse('not_found', headers);
  // An empty segment ("//") stands where a slug belongs; CDNs differ on folding it, so it is refused here.
  if (path.emptySegment) return refuse('slugs_required', headers);
  return { pass: path, query: passedQuery(request.rawQuery), headers, limit: decision };
}

/** What the CDN answered for a passed request, as far as the policy needs to know it. */
export interface UpstreamAnswer {
  status: number;
  /** The body when it is short enough to be an error document (see MAX_ERROR_BODY_BYTES), else null. */
  shortBody: string | null;
  /** The normalised request path. */
  path: string;
}

/** The documents under /api/ that are not JSON, by their path (the Atom feed, the mirror bundle, the exports). */
const OWN_TYPES: [RegExp, string][] = [
  [/\.atom$/, 'application/atom+xml; charset=utf-8'],
  [/\.tar\.gz$/, 'application/gzip'],
  ...EXPORT_FILES.map(({ name, mediaType }): [RegExp, string] => [
    new RegExp(`^${EXPORTS_PATH}${name.replace('.', '\\.')}$`),
    mediaType,
  ]),
];

/**
 * The limit headers of a request the platform refused (Netlify's rate limiting rewrites it onto the
 * rate_limit_exceeded document): the policy's own limiter may still have room, so its view is given as spent.
 */
function platformRefusal(limit: RateLimitDecision, nowMs: number): Record<string, string> {
  const secondsLeft = Math.ceil(limit.resetEpochSeconds - nowMs / 1000);
  return rateLimitHeaders({ ...limit, allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, secondsLeft) });
}

/**
 * The status and headers of the final answer to a passed request: an error document served by a rule (status 200)
 * takes its code's status; every 404 carries the not_found document whatever the CDN served (404.html, an empty or
 * HTML body); a CDN failure (5xx) becomes 502 upstream_error; every answer is JSON with CORS and the limit headers.
 * `replaceBody` is set when the policy must send its own body instead of the CDN's.
 */
export function finishResponse(
  upstream: UpstreamAnswer,
  passed: Pick<PassedRequest, 'headers' | 'limit'>,
  nowMs: number,
): { status: number; headers: Record<string, string>; replaceBody: string | null } {
  const headers: Record<string, string> = { ...API_RESPONSE_HEADERS, ...passed.headers };
  if (upstream.status >= 500)
    return { status: ERROR_STATUS.upstream_error, headers, replaceBody: errorBody('upstream_error') };
  if (upstream.status === ERROR_STATUS.not_found)
    return { status: ERROR_STATUS.not_found, headers, replaceBody: errorBody('not_found') };
  const code = upstream.shortBody === null ? null : errorCodeOfBody(upstream.shortBody);
  if (code === 'rate_limit_exceeded')
    return {
      status: ERROR_STATUS.rate_limit_exceeded,
      headers: { ...headers, ...platformRefusal(passed.limit, nowMs) },
      replaceBody: null,
    };
  const status = code !== null && upstream.status === 200 ? ERROR_STATUS[code] : upstream.status;
  const own = status < 400 ? OWN_TYPES.find(([pattern]) => pattern.test(upstream.path)) : undefined;
  if (own) headers['Content-Type'] = own[1];
  return { status, headers, replaceBody: null };
}

/** The answer when the CDN could not be reached at all (context.next() failed). */
export function upstreamFailure(passHeaders: Record<string, string>): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  return {
    status: ERROR_STATUS.upstream_error,
    headers: { ...API_RESPONSE_HEADERS, ...passHeaders },
    body: errorBody('upstream_error'),
  };
}
