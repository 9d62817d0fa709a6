// Stable resource ids: a UUID (version 5, RFC 9562) of the resource kind and slug, the same on every machine and build.
import { createHash } from 'node:crypto';

/** Project namespace for name-based UUIDs. Never change it: every published id depends on it. */
export const ID_NAMESPACE = 'c72a2579-043c-4422-8c3a-41a13c16ebf0';

export function uuidV5(name: string, namespace = ID_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const vehicleId = (slug: string) => uuidV5(`vehicle/${slug}`);
export const chargerId = (slug: string) => uuidV5(`charger/${slug}`);
