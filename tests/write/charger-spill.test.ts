// The charger spill: each thread's edges kept per charger (in memory, then in its own folder), read back merged in
// vehicle order whatever thread took each vehicle, bodies byte for byte, including one larger than a charger's buffer.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChargerSpill, spilledEntries } from '../../build/write/charger-spill.ts';

const CHARGERS = 3;
/** A small buffer per charger (the minimum, 4 KiB), so that a few hundred edges go through the files. */
const HELD = 1;
const body = (vehicle: number, charger: number, region: number, size = 40) =>
  Buffer.from(`{"v":${vehicle},"c":${charger},"r":${region},"pad":"${'é'.repeat(size)}"}`);
const decoded = (entries: ReturnType<typeof spilledEntries>) =>
  entries.map((entry) => `${entry.regionIndex}:${entry.body.toString('utf8')}`);

describe('ChargerSpill', () => {
  it('merges two threads in vehicle order, whichever took each vehicle', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-spill-'));
    const dirs = [path.join(root, '0'), path.join(root, '1')];
    const spills = dirs.map((dir) => new ChargerSpill(dir, CHARGERS, HELD));
    const expected: string[][] = Array.from({ length: CHARGERS }, () => []);
    for (let vehicle = 0; vehicle < 300; vehicle += 1) {
      // Vehicles claimed in runs, as threads claim them: 0-4 by thread 0, 5-11 by thread 1, …
      const thread = Math.floor(vehicle / 5 + vehicle / 7) % 2;
      for (let charger = 0; charger < CHARGERS; charger += 1)
        for (const region of vehicle % 3 === charger ? [] : [0, 2]) {
          const edge = body(vehicle, charger, region, vehicle === 150 ? 5000 : 40);
          spills[thread]!.add(charger, vehicle, region, edge);
          expected[charger]!.push(`${region}:${edge.toString('utf8')}`);
        }
    }
    for (const spill of spills) spill.flush();
    for (let charger = 0; charger < CHARGERS; charger += 1)
      expect(decoded(spilledEntries(dirs, charger))).toEqual(expected[charger]);
    for (const spill of spills) spill.dispose();
  });

  it('gives nothing for a charger with no edge, and one thread its own order', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-spill-'));
    const spill = new ChargerSpill(dir, 2);
    spill.add(1, 7, 3, body(7, 1, 3));
    spill.add(1, 9, 0, body(9, 1, 0));
    spill.flush();
    expect(spilledEntries([dir], 0)).toEqual([]);
    expect(decoded(spilledEntries([dir], 1))).toEqual([
      `3:${body(7, 1, 3).toString('utf8')}`,
      `0:${body(9, 1, 0).toString('utf8')}`,
    ]);
    spill.dispose();
  });
});
