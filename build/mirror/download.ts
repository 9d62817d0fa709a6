// HTTP for the mirror command: one JSON document, or one large file streamed to disk with resume, progress, and the
// API's limit honoured (429 and Retry-After). Every failure is a MirrorError with a one-line message.
import { createWriteStream, existsSync, statSync, truncateSync, type WriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A failure the mirror command reports as it is (one line, exit 1). */
export class MirrorError extends Error {
  override name = 'MirrorError';
}

export interface Progress {
  /** Bytes received so far (resumed bytes included) of `total`. */
  update(received: number, total: number): void;
  done(): void;
}

export interface HttpOptions {
  /** Seconds to wait on a 429 at most, per attempt (a longer Retry-After is an error). */
  maxRetryAfter?: number;
  /** Tells the user about waits and restarts. */
  say?: (line: string) => void;
  /** Waits out a Retry-After, in seconds (tests record the wait instead of sleeping through it). */
  wait?: (seconds: number) => Promise<void>;
  /** Opens the file a download is written to (tests inject a full disk). */
  openWrite?: (file: string, append: boolean) => WriteStream;
  /** How many requests were made (the mirror's own count, for its summary and the tests). */
  requests?: { count: number };
}

const sleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timed out';
  return cause?.message ?? (error as Error).message;
}

/** One GET, repeated after the wait a 429 asks for (up to 5 times). */
async function get(url: string, headers: Record<string, string>, options: HttpOptions): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      if (options.requests) options.requests.count += 1;
      response = await fetch(url, { headers, redirect: 'manual' });
    } catch (error) {
      throw new MirrorError(`cannot reach ${new URL(url).origin}: ${describeNetworkError(error)}`);
    }
    if (response.status !== 429) return response;
    await response.body?.cancel();
    const header = response.headers.get('retry-after') ?? '1';
    const wait = /^\d+$/.test(header)
      ? Number(header)
      : Math.max(1, Math.ceil((Date.parse(header) - Date.now()) / 1000) || 1);
    if (attempt >= 5 || wait > (options.maxRetryAfter ?? 120))
      throw new MirrorError(
        `${new URL(url).origin} keeps answering 429 (rate limited; Retry-After ${header} s): try again later`,
      );
    options.say?.(`rate limited by ${new URL(url).origin}: waiting ${wait} s as Retry-After asks`);
    await (options.wait ?? sleep)(wait);
  }
}

export async function getJson<T>(url: string, options: HttpOptions): Promise<T> {
  const response = await get(url, { Accept: 'application/json' }, options);
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new MirrorError(
      `GET ${new URL(url).pathname} answered ${response.status}: ${new URL(url).origin} does not publish it`,
    );
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new MirrorError(`GET ${new URL(url).pathname} did not answer JSON`);
  }
}

/**
 * Downloads `url` into `file` (expected size `total`), resuming a partial file with a Range request when the server
 * allows it and restarting from the beginning when it does not. An interrupted download keeps what arrived.
 */
export async function downloadFile(
  url: string,
  file: string,
  total: number,
  progress: Progress,
  options: HttpOptions,
): Promise<void> {
  const have = existsSync(file) ? statSync(file).size : 0;
  if (have > total) truncateSync(file, 0);
  const resumeFrom = have > 0 && have < total ? have : 0;
  if (have === total) return progress.update(total, total);
  const response = await get(url, resumeFrom > 0 ? { Range: `bytes=${resumeFrom}-` } : {}, options);
  const resumed = response.status === 206;
  if (response.status !== 200 && !resumed) {
    await response.body?.cancel();
    throw new MirrorError(`GET ${new URL(url).pathname} answered ${response.status}`);
  }
  if (resumeFrom > 0 && !resumed)
    options.say?.(`the server does not resume downloads: starting again from the beginning`);
  let received = resumed ? resumeFrom : 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      progress.update(received, total);
      done(null, chunk);
    },
  });
  const open =
    options.openWrite ?? ((path: string, append: boolean) => createWriteStream(path, { flags: append ? 'a' : 'w' }));
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      counter,
      open(file, resumed),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC')
      throw new MirrorError(
        `no space left on the device while writing ${file}: nothing was changed (free space and run again to resume)`,
      );
    throw new MirrorError(
      `the download was interrupted after ${(received / 1e6).toFixed(1)} MB of ${(total / 1e6).toFixed(1)} MB (${describeNetworkError(error)}): run the command again to resume`,
    );
  }
  progress.done();
  if (received !== total)
    throw new MirrorError(`the download ended after ${received} bytes of ${total}: run the command again to resume`);
}
