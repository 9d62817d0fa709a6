// How many connections the local server holds at once: at most MAX_CONNECTIONS_PER_CLIENT from one client address (an
// IPv6 /64 counts as one, as the rate limit counts it; a trusted proxy is exempt) and, in all, a number kept below the
// process's open-file limit. A client holding idle connections can then never take the descriptors others need: a
// connection over either cap gets a JSON 429 with Connection: close at once, and is closed gently, never reset.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { clientKey } from '../core/client-key.ts';

/** Connections one client address may hold open at once (a browser opens 6 per host; 64 leaves room for proxies). */
export const MAX_CONNECTIONS_PER_CLIENT = 64;
/** Descriptors kept for what the server opens itself: files it streams, the tree check, its log, the refused sockets. */
export const RESERVED_DESCRIPTORS = 128;
/** The most connections held in all, whatever the file limit (each costs a socket's buffers). */
const MOST_CONNECTIONS = 16_384;

/** The soft limit on open files of this process (Linux: /proc/self/limits), or 1,024 where it cannot be read. */
export function openFileLimit(limits = '/proc/self/limits'): number {
  try {
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(limits, 'utf8'));
    if (match) return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
  } catch {
    // Not Linux: the common default.
  }
  return 1024;
}

/** The connections held in all under a file limit: the limit less the reserve (never below the per-client cap). */
export const connectionsUnder = (fileLimit: number): number =>
  Math.min(MOST_CONNECTIONS, Math.max(MAX_CONNECTIONS_PER_CLIENT, fileLimit - RESERVED_DESCRIPTORS));

export interface ConnectionCapOptions {
  perClient?: number;
  total?: number;
  /** Addresses that are not one client (trusted proxies): only the total applies to them. */
  exempt?: (address: string) => boolean;
}

export type Admission = 'admitted' | 'over-client-cap' | 'over-total-cap';

export class ConnectionCap {
  private readonly perClient: number;
  private readonly total: number;
  private readonly exempt: (address: string) => boolean;
  private readonly byClient = new Map<string, number>();
  private open = 0;

  constructor(options: ConnectionCapOptions = {}) {
    this.perClient = options.perClient ?? MAX_CONNECTIONS_PER_CLIENT;
    this.total = options.total ?? connectionsUnder(openFileLimit());
    this.exempt = options.exempt ?? (() => false);
  }

  /** Counts a new connection until it closes, or says which cap it is over (it is then not counted). */
  admit(socket: Socket): Admission {
    const address = socket.remoteAddress ?? '';
    const key = clientKey(address) ?? 'unknown';
    if (this.open >= this.total) return 'over-total-cap';
    const held = this.byClient.get(key) ?? 0;
    if (held >= this.perClient && !this.exempt(address)) return 'over-client-cap';
    this.byClient.set(key, held + 1);
    this.open += 1;
    socket.once('close', () => {
      this.open -= 1;
      const left = (this.byClient.get(key) ?? 1) - 1;
      if (left === 0) this.byClient.delete(key);
      else this.byClient.set(key, left);
    });
    return 'admitted';
  }

  /** Connections held now (for tests and the bench). */
  get held(): number {
    return this.open;
  }
}
