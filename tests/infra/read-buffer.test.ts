// The reused read buffer (build/infra/read-buffer.ts): each read gives a file's bytes as a view of one buffer, valid
// until the next read; `lasting` gives a view a buffer of its own.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadBuffer } from '../../build/infra/read-buffer.ts';

const folder = () => mkdtempSync(path.join(os.tmpdir(), 'ev-read-buffer-'));

describe('ReadBuffer', () => {
  it('reads a file whole, or its first bytes when told its size, into views of the same memory', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'a'), 'first file');
    writeFileSync(path.join(dir, 'b'), 'second');
    const buffer = new ReadBuffer();
    const a = buffer.read(path.join(dir, 'a'));
    expect(a.toString()).toBe('first file');
    const b = buffer.read(path.join(dir, 'b'), 3);
    expect(b.toString()).toBe('sec');
    expect(a.toString()).toBe('secst file'); // the earlier view now shows the later read: valid until the next read
  });

  it('grows for a file larger than it, and throws for a file that cannot be opened', () => {
    const dir = folder();
    const large = Buffer.alloc(3 << 20, 7);
    writeFileSync(path.join(dir, 'large'), large);
    expect(new ReadBuffer().read(path.join(dir, 'large')).equals(large)).toBe(true);
    expect(() => new ReadBuffer().read(path.join(dir, 'missing'))).toThrow(/ENOENT/);
  });

  it('gives a view a buffer of its own, and leaves any other buffer as it is', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'a'), 'kept');
    writeFileSync(path.join(dir, 'b'), 'next');
    const buffer = new ReadBuffer();
    const kept = buffer.lasting(buffer.read(path.join(dir, 'a')));
    buffer.read(path.join(dir, 'b'));
    expect(kept.toString()).toBe('kept');
    const other = Buffer.from('other');
    expect(buffer.lasting(other)).toBe(other);
  });
});
