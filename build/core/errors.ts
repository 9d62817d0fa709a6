// The API's error codes, their HTTP statuses and the exact response bytes (dependency-free: the edge function imports it).

/** The interface's three codes and our two extensions (invalid_region, method_not_allowed). */
export const ERROR_STATUS = {
  slugs_required: 400,
  invalid_region: 400,
  not_found: 404,
  method_not_allowed: 405,
  rate_limit_exceeded: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The exact bytes of an error body; the build writes them to files and the servers send them. */
export const errorBody = (code: ErrorCode): string => `${JSON.stringify({ error: code })}\n`;
