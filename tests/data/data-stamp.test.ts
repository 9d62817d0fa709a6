// The stamp of data/: every file's identity, so that a changed, added or removed file gives another stamp; and a stamp
// whose newest change is too recent to tell a further change in the same clock step is marked racy.
import { appendFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataStamp } from '../../build/data/data-stamp.ts';
import { copyFixture } from '../helpers/fixture.ts';

describe('dataStamp', () => {
  it('changes when a file changes, appears or goes, also in a subfolder, and not otherwise', () => {
    const data = path.join(copyFixture(), 'data');
    const stamps = [dataStamp(data).key];
    stamps.push(dataStamp(data).key);
    expect(stamps[1]!.equals(stamps[0]!)).toBe(true);
    appendFileSync(path.join(data, 'vehicles.csv'), '\n');
    stamps.push(dataStamp(data).key);
    writeFileSync(path.join(data, 'notes.txt'), 'a new file');
    stamps.push(dataStamp(data).key);
    rmSync(path.join(data, 'ledger', 'volt-a-400-2024.csv'));
    stamps.push(dataStamp(data).key);
    const distinct = new Set(stamps.slice(1).map((stamp) => stamp.toString('hex')));
    expect(distinct.size).toBe(4);
  });

  it('is racy right after a change, and settled once the clock has moved on 2 s', () => {
    const data = path.join(copyFixture(), 'data');
    appendFileSync(path.join(data, 'vehicles.csv'), '\n');
    // The newest change, as the file system dated it: the clock the stamp is read at is the test's, not the machine's.
    const changed = Number(statSync(path.join(data, 'vehicles.csv'), { bigint: true }).ctimeNs / 1_000_000n);
    expect(dataStamp(data, changed).racy).toBe(true);
    expect(dataStamp(data, changed + 1_999).racy).toBe(true);
    expect(dataStamp(data, changed + 2_000).racy).toBe(false);
    expect(dataStamp(data, changed + 3_000).racy).toBe(false);
  });
});
