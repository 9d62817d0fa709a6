// Normalises a request path once, so that the limiter, the header rules and the file lookup all see the same path
// however it is spelled (//api, /%61pi, /./api, /x/../api, a trailing slash).

export interface NormalisedPath {
  /** The canonical path: dot segments resolved, repeated slashes folded, no trailing slash (but "/"), unreserved characters decoded. */
  path: string;
  /** The decoded segments of `path` (what names a file). */
  segments: string[];
  /** An empty segment stood somewhere before the end ("//"), where a slug may have belonged. */
  emptySegment: boolean;
}

export type PathProblem = 'bad_encoding' | 'not_found';

/** Characters that percent-encoding never needs to hide (RFC 3986 unreserved); decoding them changes no meaning. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Decodes one raw segment; null when its percent-encoding is not valid UTF-8 (bad request). */
function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Re-encodes a decoded segment canonically: unreserved characters plain, everything else percent-encoded. */
const encodeSegment = (segment: string) =>
  [...segment].map((c) => (UNRESERVED.test(c) ? c : encodeURIComponent(c))).join('');

/**
 * The normalised form of a raw path (no query), or the reason there is none: `bad_encoding` for percent-encoding
 * that does not decode, `not_found` for a segment that can never name a file (an encoded slash or backslash, NUL).
 */
export function normalisePath(rawPath: string): NormalisedPath | PathProblem {
  if (!rawPath.startsWith('/')) return 'bad_encoding';
  const raw = rawPath.split('/').slice(1);
  const segments: string[] = [];
  let emptySegment = false;
  for (const [index, part] of raw.entries()) {
    const segment = decodeSegment(part);
    if (segment === null) return 'bad_encoding';
    if (/[/\\\0]/.test(segment)) return 'not_found';
    if (segment === '' || segment === '.') {
      if (segment === '' && index < raw.length - 1) emptySegment = true;
      continue;
    }
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return { path: `/${segments.map(encodeSegment).join('/')}`, segments, emptySegment };
}

/** Whether a normalised path is API content: the edge policy, the limit and the JSON headers apply to it. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
