// Who a request to the local server counts against: the socket's address, or, when that address is one of the proxies
// named by `--trust-proxy` (addresses and CIDR ranges), the address those proxies forwarded in X-Forwarded-For, read
// from the right past every trusted proxy, as nginx's real-IP module does with real_ip_recursive on.
import { BlockList, isIP } from 'node:net';
import { clientKey } from '../core/client-key.ts';

/** The end of X-Forwarded-For that is read (a longer header is read from its last comma-separated entries). */
const MAX_FORWARDED_CHARS = 4096;
/** Most trusted proxies one request may pass through. */
const MAX_HOPS = 32;

export interface TrustedProxies {
  has(address: string): boolean;
  /** The list as given, normalised, for messages. */
  readonly text: string;
}

/** An address as written in a socket or a header: brackets and an IPv6 zone removed; null when it is not one. */
function bareAddress(text: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const address = text.trim().replace(/^\[(.*)\]$/, '$1');
  const version = isIP(address);
  if (version === 0) return null;
  return { address: address.replace(/%.*$/, ''), family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges ("10.0.0.1,192.168.0.0/16,::1"). Returns a one-line
 * reason instead when an entry is neither, or when the list is empty.
 */
export function parseTrustedProxies(text: string): TrustedProxies | string {
  const list = new BlockList();
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return 'needs at least one address or CIDR range';
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const bare = bareAddress(address);
    const bits = bare?.family === 'ipv4' ? 32 : 128;
    if (!bare || rest.length > 0 || (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)))
      return `"${entry.slice(0, 60)}" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)`;
    if (prefix === undefined) list.addAddress(bare.address, bare.family);
    else list.addSubnet(bare.address, Number(prefix), bare.family);
  }
  return {
    has(address) {
      const bare = bareAddress(address);
      return bare !== null && list.check(bare.address, bare.family);
    },
    text: entries.join(','),
  };
}

/**
 * The limiter key of a request's client. Only a trusted proxy's X-Forwarded-For is read: from its right end, each
 * entry is the address the hop before appended; the first that is not a trusted proxy is the client (or the leftmost,
 * when all are). An entry that is not an address ends the walk at the hop that forwarded it. From any other socket
 * the header is ignored, whatever it says.
 */
export function requestClient(
  socketAddress: string,
  forwardedFor: string | null,
  trusted: TrustedProxies | null,
): string {
  const own = clientKey(socketAddress) ?? 'unknown';
  if (trusted === null || forwardedFor === null || !trusted.has(socketAddress)) return own;
  const entries = forwardedFor.slice(-MAX_FORWARDED_CHARS).split(',');
  // A cut header's first entry is a fragment.
  if (forwardedFor.length > MAX_FORWARDED_CHARS) entries.shift();
  let client = socketAddress;
  for (let hops = 0; hops < MAX_HOPS && entries.length > 0 && trusted.has(client); hops += 1) {
    const entry = bareAddress(entries.pop()!);
    if (entry === null) break;
    client = entry.address;
  }
  return clientKey(client) ?? own;
}
