// A hostile origin on 127.0.0.1 for the mirror command: bundles made to order (any entry names, types and sizes, a
// SHA256SUMS of any content), a mirror.json that declares what the test wants, and handlers that stall, trickle or
// send more than they declare. Used by tests/mirror/hostile-origin.test.ts and tests/bench/hostile-origin.ts.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';

export interface TarEntry {
  name: string;
  type?: 'file' | 'directory' | 'symlink';
  /** The entry's content (a file's). */
  body?: Buffer | string;
  /** A body of this many zero bytes instead (a gzip bomb's filler). */
  zeros?: number;
  linkname?: string;
}

const ZEROS = Buffer.alloc(1024 * 1024);

/** A tar+gzip of exactly these entries, in this order (nothing checked: names may leave the folder), streamed. */
export async function tarGz(entries: readonly TarEntry[], trailingZeros = 0): Promise<Buffer> {
  const pack = tar.pack();
  const gzipped: Buffer[] = [];
  async function* tarThenZeros() {
    for await (const chunk of pack) yield chunk as Buffer;
    for (let left = trailingZeros; left > 0; left -= ZEROS.length)
      yield ZEROS.subarray(0, Math.min(left, ZEROS.length));
  }
  const packing = pipeline(tarThenZeros, createGzip({ level: 1 }), async (gzip: AsyncIterable<Buffer>) => {
    for await (const chunk of gzip) gzipped.push(chunk);
  });
  for (const entry of entries) {
    const body = entry.body === undefined ? Buffer.alloc(0) : Buffer.from(entry.body);
    const header = {
      name: entry.name,
      type: entry.type ?? 'file',
      size: entry.zeros ?? body.length,
      linkname: entry.linkname ?? '',
    } as const;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (entry.zeros === undefined) return void pack.entry(header, body, done);
      const sink = pack.entry(header, done);
      let left = entry.zeros;
      const more = () => {
        while (left > 0) {
          const chunk = ZEROS.subarray(0, Math.min(left, ZEROS.length));
          left -= chunk.length;
          if (left === 0) return void sink.end(chunk);
          if (!sink.write(chunk)) return void sink.once('drain', more);
        }
      };
      more();
    });
  }
  pack.finalize();
  await packing;
  return Buffer.concat(gzipped);
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The SHA256SUMS of these files, as the build writes it. */
export const sumsOf = (files: Record<string, string>) =>
  Object.entries(files)
    .map(([name, body]) => `${sha256(body)}  ${name}\n`)
    .join('');

/** A well-formed bundle of these files (SHA256SUMS last), or of `entries` when given. */
export async function bundleOf(files: Record<string, string>, entries?: readonly TarEntry[]): Promise<Buffer> {
  return tarGz(
    entries ?? [
      ...Object.entries(files).map(([name, body]) => ({ name, body })),
      { name: 'SHA256SUMS', body: sumsOf(files) },
    ],
  );
}

export const HOSTILE_VERSION = '99.0.0';

/** A mirror.json for `bundle`, declaring `files` and `bytes` of content (and any field overridden). */
export function manifestOf(
  bundle: Buffer,
  content: { files: number; bytes: number },
  bundleFields: Partial<{ path: string; bytes: number; sha256: string }> = {},
): string {
  return `${JSON.stringify({
    datasetVersion: HOSTILE_VERSION,
    releasedAt: '2026-01-01',
    dataDigest: 'x',
    files: content.files,
    bytes: content.bytes,
    bundle: {
      path: `/api/v1/mirror/${HOSTILE_VERSION}.tar.gz`,
      bytes: bundle.length,
      sha256: sha256(bundle),
      ...bundleFields,
    },
    exports: [],
  })}\n`;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Serves mirror.json and the bundle as given; any other path is a 404. */
export const serving =
  (manifest: string, bundle: Buffer): Handler =>
  (req, res) => {
    const body =
      req.url === '/api/v1/mirror.json' ? Buffer.from(manifest) : req.url?.endsWith('.tar.gz') ? bundle : null;
    if (body === null) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Length': String(body.length) }).end(body);
  };

/** Sends `bytes` zero bytes (chunked, no length) as fast as the client takes them; `sent` counts what the socket took. */
export function endless(bytes: number, sent: { bytes: number }): (res: ServerResponse) => void {
  return (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    let left = bytes;
    const more = () => {
      while (left > 0) {
        const chunk = ZEROS.subarray(0, Math.min(64 * 1024, left));
        left -= chunk.length;
        sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    res.on('close', () => (left = 0));
    more();
  };
}

export interface FakeOrigin {
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function fakeOrigin(handler: Handler): Promise<FakeOrigin> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
