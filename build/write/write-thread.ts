// Writes new files on a second thread: the build renders the next documents while the file system creates the last
// ones; when the thread falls behind, the build writes the next batch itself rather than wait. Bounded by bytes in
// flight; the first failure (on either thread) is reported by finish(); stop() returns only once the thread is idle.
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Slots of the state shared with the worker. */
const PENDING = 0;
const FAILED = 1;
const STOP = 2;

/**
 * The worker: batches of paths and their bodies in (two flat arrays: a message copies them faster than pairs), each
 * written with 'wx' (never over an existing file), folders made as needed; the same steps as writeHere() below, which
 * writes a batch on the build's own thread.
 */
const WORKER_SOURCE = `
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const made = new Set();
parentPort.on('message', ({ files, bodies }) => {
  let size = 0;
  for (let i = 0; i < files.length; i += 1) {
    const file = files[i];
    const body = bodies[i];
    size += body.length;
    if (Atomics.load(state, ${FAILED}) === 1 || Atomics.load(state, ${STOP}) === 1) continue;
    try {
      const dir = path.dirname(file);
      if (!made.has(dir)) { mkdirSync(dir, { recursive: true }); made.add(dir); }
      writeFileSync(file, body, { flag: 'wx' });
    } catch (error) {
      parentPort.postMessage(String(error && error.message || error));
      Atomics.store(state, ${FAILED}, 1);
    }
  }
  Atomics.sub(state, ${PENDING}, size);
  Atomics.notify(state, ${PENDING});
});
`;

/** Size handed over but not yet written, at most (string length or Buffer bytes); beyond it the build writes itself. */
const MAX_PENDING = 2 * 1024 * 1024;
/** Size per message: large enough that messaging costs little, small enough to keep the thread busy. */
const BATCH = 64 * 1024;
/**
 * A body at least this large (a list) is written on the calling thread: handing it over costs a copy about as dear as
 * writing it, and the worker's time is better spent on the many small files, where each costs an open and a close.
 */
const WRITE_HERE_FROM = 64 * 1024;
/** No file written for this long: the thread is gone. */
const STALL_MS = 60_000;

export class WriteThread {
  private readonly worker: Worker;
  private readonly state = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  private batch: [string, string | Buffer][] = [];
  private batchBytes = 0;
  private error: string | null = null;
  /** Folders this thread has made (the worker keeps its own set; mkdir -p tolerates the other's). */
  private readonly made = new Set<string>();
  private readonly maxPending: number;
  /** Batches written on the build's thread because the worker was behind. */
  batchesWrittenHere = 0;

  constructor(options: { maxPending?: number } = {}) {
    this.maxPending = options.maxPending ?? MAX_PENDING;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { state: this.state.buffer },
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    });
    this.worker.once('message', (message: string) => (this.error ??= message));
    // The thread holds no work of its own once idle: it must not keep the process alive.
    this.worker.unref();
  }

  /** Queues a new file (absolute path), or writes it here when it is large. */
  write(file: string, body: string | Buffer): void {
    if (body.length >= WRITE_HERE_FROM) {
      this.writeHere([[file, body]]);
      return;
    }
    this.batch.push([file, body]);
    this.batchBytes += body.length;
    if (this.batchBytes >= BATCH) this.send();
  }

  /** Waits until every queued file is written; throws the first write error. */
  async finish(): Promise<void> {
    this.send();
    this.waitBelow(1);
    const failed = Atomics.load(this.state, FAILED) === 1;
    // The error travels as a message, posted before the flag was set: wait for it if it has not arrived yet.
    if (failed && this.error === null) {
      this.worker.ref();
      this.error = String((await once(this.worker, 'message'))[0]);
    }
    await this.worker.terminate();
    if (failed) throw new Error(this.error!);
  }

  /** Drops what is queued and returns once the thread writes nothing more. */
  stop(): void {
    Atomics.store(this.state, STOP, 1);
    this.batch = [];
    this.waitBelow(1);
    void this.worker.terminate();
  }

  /** Hands the batch to the thread or, when the thread already has maxPending bytes to write, writes it here. */
  private send(): void {
    if (this.batch.length === 0) return;
    const [batch, bytes] = [this.batch, this.batchBytes];
    this.batch = [];
    this.batchBytes = 0;
    if (Atomics.load(this.state, PENDING) >= this.maxPending) {
      this.batchesWrittenHere += 1;
      this.writeHere(batch);
      return;
    }
    Atomics.add(this.state, PENDING, bytes);
    this.worker.postMessage({ files: batch.map(([file]) => file), bodies: batch.map(([, body]) => body) });
  }

  /** Writes a batch on this thread as the worker would; a failure is kept for finish(), like the worker's. */
  private writeHere(batch: readonly [string, string | Buffer][]): void {
    for (const [file, body] of batch) {
      if (Atomics.load(this.state, FAILED) === 1) return;
      try {
        const dir = path.dirname(file);
        if (!this.made.has(dir)) {
          mkdirSync(dir, { recursive: true });
          this.made.add(dir);
        }
        writeFileSync(file, body, { flag: 'wx' });
      } catch (error) {
        this.error ??= (error as Error).message;
        Atomics.store(this.state, FAILED, 1);
      }
    }
  }

  /**
   * Blocks until fewer than `limit` bytes are in flight (Atomics.wait is allowed on Node's main thread). A thread that
   * makes no progress for STALL_MS has died (its exit event cannot arrive while this thread blocks): an error.
   */
  private waitBelow(limit: number): void {
    let since = performance.now();
    for (let pending = Atomics.load(this.state, PENDING); pending >= limit;) {
      Atomics.wait(this.state, PENDING, pending, 1000);
      const now = Atomics.load(this.state, PENDING);
      if (now !== pending) since = performance.now();
      else if (performance.now() - since > STALL_MS)
        throw new Error(`the write thread made no progress for ${STALL_MS / 1000} s`);
      pending = now;
    }
  }
}
