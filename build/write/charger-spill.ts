// Holds each charger's edge bodies while the build walks the vehicles, so that every edge is derived once and the
// charger lists are written afterwards: a small buffer per charger, appended to that charger's file when full. Each
// thread of a build spills into a folder of its own; a charger's entries are read back from every folder, merged in
// vehicle order.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { EdgeBody } from '../render/list-files.ts';

export interface SpilledEntry {
  regionIndex: number;
  body: EdgeBody;
}

/** A record: the vehicle's index (u32), the region's index (u8) and the body's length (u32), then the body. */
const HEADER_BYTES = 9;
/** The smallest buffer per charger: smaller ones would cost a write for every few edges. */
const MIN_BUFFER_BYTES = 4096;

export class ChargerSpill {
  /** Per charger: its records not yet in its file, in the order added (one buffer each, allocated when first used). */
  private readonly buffers: (Buffer | undefined)[];
  private readonly used: number[];
  private readonly bufferBytes: number;
  readonly dir: string;

  /**
   * A fresh folder `dir`. `maxHeldBytes`: memory for all buffers together, shared equally by the chargers; a charger's
   * buffer is appended to its file when the next record does not fit.
   */
  constructor(dir: string, chargers: number, maxHeldBytes = 2 * 1024 * 1024) {
    this.dir = dir;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    this.bufferBytes = Math.max(MIN_BUFFER_BYTES, Math.floor(maxHeldBytes / Math.max(chargers, 1)));
    this.buffers = new Array<Buffer | undefined>(chargers).fill(undefined);
    this.used = new Array<number>(chargers).fill(0);
  }

  /** Adds an edge of charger `chargerIndex` (its bytes are copied); a thread adds its vehicles in increasing order. */
  add(chargerIndex: number, vehicleIndex: number, regionIndex: number, body: EdgeBody): void {
    const size = HEADER_BYTES + body.length;
    if (this.used[chargerIndex]! + size > this.bufferBytes) this.flushCharger(chargerIndex);
    if (size > this.bufferBytes) {
      const record = Buffer.allocUnsafe(size);
      writeRecord(record, 0, vehicleIndex, regionIndex, body);
      this.append(chargerIndex, record);
      return;
    }
    const buffer = (this.buffers[chargerIndex] ??= Buffer.allocUnsafeSlow(this.bufferBytes));
    this.used[chargerIndex] = writeRecord(buffer, this.used[chargerIndex]!, vehicleIndex, regionIndex, body);
  }

  /** Appends every buffer to its file: from then on spilledEntries() reads all that was added. */
  flush(): void {
    for (let chargerIndex = 0; chargerIndex < this.buffers.length; chargerIndex += 1) this.flushCharger(chargerIndex);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private flushCharger(chargerIndex: number): void {
    if (this.used[chargerIndex] === 0) return;
    this.append(chargerIndex, this.buffers[chargerIndex]!.subarray(0, this.used[chargerIndex]));
    this.used[chargerIndex] = 0;
  }

  private append(chargerIndex: number, bytes: Buffer): void {
    const fd = openSync(spillFile(this.dir, chargerIndex), 'a');
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
    } finally {
      closeSync(fd);
    }
  }
}

const spillFile = (dir: string, chargerIndex: number) => path.join(dir, String(chargerIndex));

/** Writes one record at `at`; returns where it ends. */
function writeRecord(target: Buffer, at: number, vehicleIndex: number, regionIndex: number, body: EdgeBody): number {
  target.writeUInt32LE(vehicleIndex, at);
  target[at + 4] = regionIndex;
  target.writeUInt32LE(body.length, at + 5);
  return at + HEADER_BYTES + body.copy(target, at + HEADER_BYTES);
}

interface SpillRecord extends SpilledEntry {
  vehicleIndex: number;
}

/** The records of one spill file, in the order written (each body a view of the file's bytes). */
function readRecords(dir: string, chargerIndex: number): SpillRecord[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(spillFile(dir, chargerIndex));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []; // nothing spilled for this charger here
    throw error;
  }
  const records: SpillRecord[] = [];
  for (let at = 0; at < bytes.length;) {
    const end = at + HEADER_BYTES + bytes.readUInt32LE(at + 5);
    records.push({
      vehicleIndex: bytes.readUInt32LE(at),
      regionIndex: bytes[at + 4]!,
      body: bytes.subarray(at + HEADER_BYTES, end),
    });
    at = end;
  }
  return records;
}

/**
 * Every entry of a charger from the (flushed) spill folders of all threads, in vehicle order and, within a vehicle,
 * in the order added: each folder holds its vehicles in increasing order, and a vehicle's records are in one folder.
 */
export function spilledEntries(dirs: readonly string[], chargerIndex: number): SpilledEntry[] {
  const runs = dirs.map((dir) => readRecords(dir, chargerIndex));
  if (runs.length === 1) return runs[0]!;
  const heads = runs.map(() => 0);
  const merged: SpilledEntry[] = [];
  for (;;) {
    let next = -1;
    for (let run = 0; run < runs.length; run += 1) {
      const head = runs[run]![heads[run]!];
      if (head && (next === -1 || head.vehicleIndex < runs[next]![heads[next]!]!.vehicleIndex)) next = run;
    }
    if (next === -1) return merged;
    merged.push(runs[next]![heads[next]!]!);
    heads[next]! += 1;
  }
}
