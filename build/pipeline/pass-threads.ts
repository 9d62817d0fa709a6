// How the threads of a full pass (full-pass.ts) work together: the counters they claim vehicles and chargers from, the
// messages between the build's thread and a helper (full-pass-worker.ts), and a helper's failure carried back as the
// error it was (a schema violation, a data problem), so the build reports it as a single thread would.
import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { DocumentKind } from '../api/schemas.ts';
import { SchemaViolation } from '../api/validate-documents.ts';
import { DataError, type Problem } from '../data/problems.ts';
import type { Dataset } from '../data/dataset.ts';
import type { HistoryMode, StaleEdges } from '../release/edge-history.ts';
import type { WantedEntries } from '../render/explain-files.ts';
import type { WriterReport, WriterShare } from '../write/tree-writer.ts';

const NEXT_VEHICLE = 0;
const NEXT_CHARGER = 1;
const FAILED = 2;

/** The next vehicle and charger no thread has taken, shared by every thread of a pass; and whether one failed. */
export class WorkCounters {
  private readonly slots: Int32Array<SharedArrayBuffer>;

  constructor(buffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)) {
    this.slots = new Int32Array(buffer);
  }

  get buffer(): SharedArrayBuffer {
    return this.slots.buffer;
  }

  /** The index of the next vehicle, or -1 when every one is taken or a thread failed. */
  claimVehicle(vehicles: number): number {
    return this.claim(NEXT_VEHICLE, vehicles);
  }

  /** The index of the next charger, or -1 when every one is taken or a thread failed. */
  claimCharger(chargers: number): number {
    return this.claim(NEXT_CHARGER, chargers);
  }

  /** Every thread stops claiming. */
  fail(): void {
    Atomics.store(this.slots, FAILED, 1);
  }

  private claim(slot: number, count: number): number {
    if (Atomics.load(this.slots, FAILED) === 1) return -1;
    const next = Atomics.add(this.slots, slot, 1);
    return next < count ? next : -1;
  }
}

/** A helper's share of the pass, sent once the build has loaded the data (the helper has loaded its code by then). */
export interface HelperTask {
  data: Dataset;
  dataDir: string;
  publicDir: string;
  mode: HistoryMode;
  share: WriterShare;
  /** Every thread's spill folder; this helper spills into spills[thread]. */
  spills: string[];
  thread: number;
  counters: SharedArrayBuffer;
}

/** What a helper did: for the build's writer, its file count and its stale edges. */
export interface HelperReport {
  writer: WriterReport;
  files: number;
  stale: StaleEdges;
  /** The missing figures of the explain entries it wrote. */
  wanted: WantedEntries;
}

/** An error as it crosses threads: what its class needs to be made again. */
export type CarriedError =
  | { name: 'SchemaViolation'; path: string; kind: DocumentKind; problems: string[] }
  | { name: 'DataError'; problems: Problem[] }
  | { name: 'Error'; message: string; stack: string | undefined };

/** Helper → build. */
export type HelperMessage =
  { type: 'vehicles-done' } | { type: 'done'; report: HelperReport } | { type: 'failed'; error: CarriedError };
/** Build → helper: its task, then (once every thread's vehicles are done) the word to claim chargers. */
export type BuildMessage = { type: 'begin'; task: HelperTask } | { type: 'start-chargers' };

export function carryError(error: unknown): CarriedError {
  if (error instanceof SchemaViolation)
    return { name: 'SchemaViolation', path: error.path, kind: error.kind, problems: error.problems };
  if (error instanceof DataError) return { name: 'DataError', problems: error.problems };
  return error instanceof Error
    ? { name: 'Error', message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error), stack: undefined };
}

/** The error a thread of the build met, as the class it was thrown as. */
export function reviveError(carried: CarriedError): Error {
  if (carried.name === 'SchemaViolation') return new SchemaViolation(carried.path, carried.kind, carried.problems);
  if (carried.name === 'DataError') return new DataError(carried.problems);
  const error = new Error(`a thread of the build failed: ${carried.message}`);
  if (carried.stack) error.stack = `${error.message}\n(helper) ${carried.stack}`;
  return error;
}

/** The build's side of one helper thread. */
export class PassHelper {
  private readonly worker: Worker;
  /** The helper's messages, kept until asked for; the thread's 'error' fails the next ask, its exit ends them. */
  private readonly messages: AsyncIterator<[HelperMessage]>;

  /** Starts the thread: it loads the build's code, then waits for begin(). */
  constructor() {
    this.worker = new Worker(new URL('./full-pass-worker.ts', import.meta.url));
    this.messages = on(this.worker, 'message', { close: ['exit'] }) as AsyncIterator<[HelperMessage]>;
  }

  begin(task: HelperTask): void {
    this.post({ type: 'begin', task });
  }

  /** Resolves once the helper's vehicles are written and spilled. */
  async vehiclesDone(): Promise<void> {
    await this.next('vehicles-done');
  }

  startChargers(): void {
    this.post({ type: 'start-chargers' });
  }

  /** Resolves with the helper's report once its chargers are written; the thread is then ended. */
  async finish(): Promise<HelperReport> {
    const { report } = await this.next('done');
    await this.stop();
    return report;
  }

  /** Ends the thread wherever it is (its files are in the staging folder, which the build then removes). */
  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private post(message: BuildMessage): void {
    this.worker.postMessage(message);
  }

  private async next<T extends HelperMessage['type']>(type: T): Promise<Extract<HelperMessage, { type: T }>> {
    const next: IteratorResult<[HelperMessage]> = await this.messages.next();
    if (next.done) throw new Error('a helper thread of the build stopped before it reported');
    const [message] = next.value;
    if (message.type === 'failed') throw reviveError(message.error);
    if (message.type !== type) throw new Error(`a helper thread of the build sent ${message.type}, not ${type}`);
    return message as Extract<HelperMessage, { type: T }>;
  }
}
