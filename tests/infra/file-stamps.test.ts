// fileStamps: one line per file in the order given (a missing file named so), another line when a file changes, and
// racy while the newest change is within 2 s of the clock it is read at.
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStamps } from '../../build/infra/file-stamps.ts';

describe('fileStamps', () => {
  it('gives a line per file in the given order, names a missing one, and changes with a write', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-stamps-'));
    writeFileSync(path.join(root, 'b.txt'), 'b');
    writeFileSync(path.join(root, 'a.txt'), 'a');
    const { lines } = fileStamps(root, ['b.txt', 'gone.txt', 'a.txt']);
    expect(lines.map((line) => line.split('\0')[0])).toEqual(['b.txt', 'gone.txt', 'a.txt']);
    expect(lines[1]).toBe('gone.txt\0missing');
    expect(lines[0]!.split('\0')[1]).toBe('1');
    writeFileSync(path.join(root, 'a.txt'), 'a longer text');
    expect(fileStamps(root, ['b.txt', 'gone.txt', 'a.txt']).lines[2]).not.toBe(lines[2]);
  });

  it('is racy right after a change and settled 2 s later, by the clock it is given', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-stamps-'));
    writeFileSync(path.join(root, 'a.txt'), 'a');
    const changed = Number(statSync(path.join(root, 'a.txt'), { bigint: true }).ctimeNs / 1_000_000n);
    expect(fileStamps(root, ['a.txt'], changed + 1_999).racy).toBe(true);
    expect(fileStamps(root, ['a.txt'], changed + 2_000).racy).toBe(false);
    expect(fileStamps(root, ['missing.txt'], changed).racy).toBe(false);
  });
});
