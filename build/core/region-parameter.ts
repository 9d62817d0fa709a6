// The `region` query parameter as the CDN's rules read it, and the form the request policy passes it on in: a region
// id or NOT_A_REGION, so that netlify.toml's `:region` placeholder only ever names a folder of build/core/regions.ts.
import { isRegion } from './regions.ts';

export const REGION_PARAMETER = 'region';

/**
 * What the request policy passes on in place of a `region` value that is not a region (another case, the empty value,
 * a path…): netlify.toml answers it with invalid_region. Not a region itself, so a client sending it gets the same.
 */
export const NOT_A_REGION = 'invalid';

const PREFIX = `${REGION_PARAMETER}=`;

/** A percent-decoded query value, or null when its encoding is not valid UTF-8. */
function decodeValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The query the request policy passes on to the rules: one `region=` pair, holding the region id, or NOT_A_REGION for
 * any other value, in place of the pairs sent; the value is the last pair's, percent-decoded, as Netlify's matcher
 * reads it (a bare `region` without "=" is none). A query without such a pair, and every other parameter, pass as sent.
 */
export function passedQuery(query: string): string {
  const pairs = query.split('&');
  const last = pairs.map((part) => part.startsWith(PREFIX)).lastIndexOf(true);
  if (last === -1) return query;
  const value = decodeValue(pairs[last]!.slice(PREFIX.length));
  const region = `${PREFIX}${value !== null && isRegion(value) ? value : NOT_A_REGION}`;
  return pairs.flatMap((part, index) => (index === last ? [region] : part.startsWith(PREFIX) ? [] : [part])).join('&');
}
