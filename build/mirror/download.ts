// HTTP for the mirror command: one small JSON document, or one large file streamed to disk with resume, progress, and
// the API's limit honoured (429 and Retry-After). Nothing an origin sends is trusted: every read stops at the size
// mirror.json declares, a stalled or endless answer ends at its timeout, and every failure is a one-line MirrorError.
import { constants, createWriteStream, lstatSync, openSync, rmSync, truncateSync, type WriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Clock } from './clock.ts';

/** A failure the mirror command reports as it is (one line, exit 1). */
export class MirrorError extends Error {
  override name = 'MirrorError';
  /** The next run can go on from what this one downloaded (an interruption), rather than start again (a refusal). */
  readonly resumable: boolean;
  constructor(message: string, options: { resumable?: boolean } = {}) {
    super(message);
    this.resumable = options.resumable ?? false;
  }
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

/** What every request of one run shares: its options and its clock (the deadline and the stall timeout). */
export interface HttpRun extends HttpOptions {
  clock: Clock;
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timed out';
  return cause?.message ?? (error as Error).message;
}

/** One GET, repeated after the wait a 429 asks for (up to 5 times); the stall timer runs from the request on. */
async function get(url: string, headers: Record<string, string>, run: HttpRun): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    run.clock.touch();
    try {
      if (run.requests) run.requests.count += 1;
      response = await fetch(url, { headers, redirect: 'manual', signal: run.clock.signal });
    } catch (error) {
      throw (
        run.clock.reason() ?? new MirrorError(`cannot reach ${new URL(url).origin}: ${describeNetworkError(error)}`)
      );
    }
    if (response.status !== 429) return response;
    await response.body?.cancel();
    const header = response.headers.get('retry-after') ?? '1';
    const wait = /^\d+$/.test(header)
      ? Number(header)
      : Math.max(1, Math.ceil((Date.parse(header) - Date.now()) / 1000) || 1);
    if (attempt >= 5 || wait > (run.maxRetryAfter ?? 120))
      throw new MirrorError(
        `${new URL(url).origin} keeps answering 429 (rate limited; Retry-After ${header.slice(0, 40)} s): try again later`,
      );
    run.say?.(`rate limited by ${new URL(url).origin}: waiting ${wait} s as Retry-After asks`);
    // A wait is not a stall, but it counts against the deadline.
    run.clock.pause();
    try {
      await (run.wait ?? ((seconds) => sleepFor(seconds * 1000, undefined, { signal: run.clock.deadline })))(wait);
    } catch (error) {
      throw run.clock.reason() ?? error;
    }
  }
}

/** The declared length of an answer, or null when it has none (chunked). */
const contentLength = (response: Response) => {
  const header = response.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
};

/** A JSON document of at most `maxBytes` (a longer answer is refused as soon as it is longer, never read whole). */
export async function getJson(url: string, maxBytes: number, run: HttpRun): Promise<unknown> {
  try {
    return await readJson(url, maxBytes, run);
  } finally {
    run.clock.pause();
  }
}

async function readJson(url: string, maxBytes: number, run: HttpRun): Promise<unknown> {
  const { pathname } = new URL(url);
  const response = await get(url, { Accept: 'application/json' }, run);
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new MirrorError(`GET ${pathname} answered ${response.status}: ${new URL(url).origin} does not publish it`);
  }
  const tooLong = () =>
    new MirrorError(
      `GET ${pathname} answered more than ${maxBytes} bytes, more than it ever holds: refused, nothing was changed`,
    );
  if ((contentLength(response) ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLong();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      run.clock.touch();
      size += chunk.length;
      if (size > maxBytes) throw tooLong();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof MirrorError) throw error;
    throw run.clock.reason() ?? new MirrorError(`GET ${pathname} was cut short (${describeNetworkError(error)})`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new MirrorError(`GET ${pathname} did not answer JSON`);
  }
}

/** Opens a download for writing without following a link (the file is the mirror's own, never a link's target). */
const openNoFollow = (file: string, append: boolean) =>
  createWriteStream(file, {
    fd: openSync(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (append ? constants.O_APPEND : constants.O_TRUNC),
    ),
  });

/** The size of a partial download already on disk (0 when there is none, or when something else than a file is there). */
function partialSize(file: string, total: number): number {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isFile()) {
    rmSync(file, { recursive: true, force: true });
    return 0;
  }
  if (stat.size <= total) return stat.size;
  truncateSync(file, 0);
  return 0;
}

/**
 * Downloads `url` into `file` (`total` bytes, as mirror.json declares), resuming a partial file with a Range request
 * when the server allows it and restarting from the beginning when it does not. An interrupted download keeps what
 * arrived; an answer longer than `total` is refused as soon as it is, and what it wrote is removed.
 */
export async function downloadFile(
  url: string,
  file: string,
  total: number,
  progress: Progress,
  run: HttpRun,
): Promise<void> {
  try {
    await download(url, file, total, progress, run);
  } finally {
    run.clock.pause();
  }
}

async function download(url: string, file: string, total: number, progress: Progress, run: HttpRun): Promise<void> {
  const { pathname } = new URL(url);
  const have = partialSize(file, total);
  if (have === total) return progress.update(total, total);
  const response = await get(url, have > 0 ? { Range: `bytes=${have}-` } : {}, run);
  const resumed = response.status === 206;
  if (response.status !== 200 && !resumed) {
    await response.body?.cancel();
    throw new MirrorError(`GET ${pathname} answered ${response.status}`);
  }
  if (have > 0 && !resumed) run.say?.(`the server does not resume downloads: starting again from the beginning`);
  let received = resumed ? have : 0;
  const oversized = () => {
    rmSync(file, { force: true });
    return new MirrorError(
      `GET ${pathname} sends more than the ${total} bytes mirror.json declares: refused, nothing was changed`,
    );
  };
  if (received + (contentLength(response) ?? 0) > total) {
    await response.body?.cancel();
    throw oversized();
  }
  let overflow = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      run.clock.touch();
      if (received + chunk.length > total) {
        overflow = true;
        return done(new Error('more than declared'));
      }
      received += chunk.length;
      progress.update(received, total);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      counter,
      (run.openWrite ?? openNoFollow)(file, resumed),
    );
  } catch (error) {
    if (overflow) throw oversized();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC')
      throw new MirrorError(
        `no space left on the device while writing ${file}: nothing was changed (free space and run again to resume)`,
        { resumable: true },
      );
    throw (
      run.clock.reason() ??
      new MirrorError(
        `the download was interrupted after ${(received / 1e6).toFixed(1)} MB of ${(total / 1e6).toFixed(1)} MB ` +
          `(${describeNetworkError(error)}): run the command again to resume`,
        { resumable: true },
      )
    );
  }
  progress.done();
  if (received !== total)
    throw new MirrorError(`the download ended after ${received} bytes of ${total}: run the command again to resume`, {
      resumable: true,
    });
}
