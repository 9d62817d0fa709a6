// Holds each charger's edge bodies while the build walks the vehicles, so that every edge is derived once and the
// charger lists are written afterwards: bounded buffers in memory, the rest appended to one file per charger.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { EdgeBody } from '../render/list-files.ts';

export interface SpilledEntry {
  regionIndex: number;
  body: EdgeBody;
}

/** The spill format: a line per edge, its region's digit then its body (JSON never holds a raw line end). */
const DIGITS = Array.from({ length: 10 }, (_, i) => Buffer.from(String(i)));
const NEWLINE = 0x0a;
const LINE_END = Buffer.from([NEWLINE]);

export class ChargerSpill {
  /** Per charger: the edges held in memory, in the order added. */
  private readonly buffers: SpilledEntry[][];
  private readonly sizes: number[];
  private held = 0;

  private readonly dir: string;
  private readonly maxHeldBytes: number;

  /** `maxHeldBytes`: memory for all buffers together (most of the build's live heap); the fullest is flushed to disk when it is exceeded. */
  constructor(dir: string, chargers: number, maxHeldBytes = 4 * 1024 * 1024) {
    this.dir = dir;
    this.maxHeldBytes = maxHeldBytes;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    this.buffers = Array.from({ length: chargers }, () => []);
    this.sizes = new Array<number>(chargers).fill(0);
  }

  /** Adds an edge of charger `chargerIndex`; call in the charger list's order (vehicle, then region). */
  add(chargerIndex: number, regionIndex: number, body: EdgeBody): void {
    if (regionIndex > 9) throw new Error('the spill format holds at most 10 regions');
    this.buffers[chargerIndex]!.push({ regionIndex, body });
    this.sizes[chargerIndex]! += body.length + 2;
    this.held += body.length + 2;
    while (this.held > this.maxHeldBytes) this.flush(this.sizes.indexOf(Math.max(...this.sizes)));
  }

  /** Every edge of a charger, in the order added; its buffer and file are released. */
  take(chargerIndex: number): SpilledEntry[] {
    const file = this.file(chargerIndex);
    let spilled = Buffer.alloc(0);
    try {
      spilled = readFileSync(file);
      rmSync(file);
    } catch {
      // Nothing was flushed for this charger.
    }
    const entries: SpilledEntry[] = [];
    for (let at = 0; at < spilled.length;) {
      const end = spilled.indexOf(NEWLINE, at);
      entries.push({ regionIndex: spilled[at]! - 0x30, body: spilled.subarray(at + 1, end) });
      at = end + 1;
    }
    entries.push(...this.buffers[chargerIndex]!);
    this.held -= this.sizes[chargerIndex]!;
    this.buffers[chargerIndex] = [];
    this.sizes[chargerIndex] = 0;
    return entries;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private flush(chargerIndex: number): void {
    const lines = this.buffers[chargerIndex]!.flatMap(({ regionIndex, body }) => [
      DIGITS[regionIndex]!,
      body,
      LINE_END,
    ]);
    appendFileSync(this.file(chargerIndex), Buffer.concat(lines));
    this.held -= this.sizes[chargerIndex]!;
    this.buffers[chargerIndex] = [];
    this.sizes[chargerIndex] = 0;
  }

  private file(chargerIndex: number): string {
    return path.join(this.dir, `${chargerIndex}.spill`);
  }
}
