// The API's error codes, their HTTP statuses and the exact response bytes (dependency-free: the edge function imports it).

/** The interface's three codes, then our extensions (contract §3): every error anywhere in the API is one of these. */
export const ERROR_STATUS = {
  slugs_required: 400,
  not_found: 404,
  rate_limit_exceeded: 429,
  invalid_region: 400,
  bad_request: 400,
  method_not_allowed: 405,
  headers_too_large: 431,
  internal_error: 500,
  upstream_error: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The codes of the published interface; the others are our extensions (marked as such in the OpenAPI document). */
export const INTERFACE_ERROR_CODES: readonly ErrorCode[] = ['slugs_required', 'not_found', 'rate_limit_exceeded'];

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERROR_STATUS, value);

/** The exact bytes of an error body; the build writes them to files and the servers send them. */
export const errorBody = (code: ErrorCode): string => `${JSON.stringify({ error: code })}\n`;

/**
 * Where Netlify's platform rate limiting rewrites a refused request (build/netlify-edge/api-policy.ts): a file holding
 * the rate_limit_exceeded document, which the request policy answers with 429.
 */
export const RATE_LIMITED_PATH = '/api/v1/_rate_limited.json';

/** The longest error body: a response longer than this is never an error document. */
export const MAX_ERROR_BODY_BYTES = Math.max(
  ...Object.keys(ERROR_STATUS).map((code) => errorBody(code as ErrorCode).length),
);

/**
 * The error code of a response body that is exactly an error document, else null. Rules in netlify.toml rewrite
 * error paths to these documents with status 200 (the status every CDN and emulator treats as a rewrite);
 * the edge policy then answers with the code's status.
 */
export function errorCodeOfBody(body: string): ErrorCode | null {
  const match = /^\{"error":"([a-z_]+)"\}\n?$/.exec(body);
  return match && isErrorCode(match[1]!) ? match[1] : null;
}
