// The derived cache: produced once per key, read back afterwards, keyed by the tools' versions, optional when unwritable.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedText } from '../../build/core/derived-cache.ts';

describe('cachedText', () => {
  const counting = (text: string) => {
    const calls = { count: 0 };
    return { calls, produce: () => ((calls.count += 1), text) };
  };

  it('produces on a miss, stores the text, and reads it back without producing again', () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-cache-')), 'cache');
    const { calls, produce } = counting('compiled text');
    const first = cachedText('thing', '.js', 'tool 1.0.0', produce, root);
    expect(first.text).toBe('compiled text');
    expect(readFileSync(first.file!, 'utf8')).toBe('compiled text');
    const second = cachedText('thing', '.js', 'tool 1.0.0', produce, root);
    expect(second).toEqual(first);
    expect(calls.count).toBe(1);
  });

  it('another tool version is another key: produced again', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { calls, produce } = counting('x');
    const a = cachedText('thing', '.js', 'tool 1.0.0', produce, root);
    const b = cachedText('thing', '.js', 'tool 2.0.0', produce, root);
    expect(b.file).not.toBe(a.file);
    expect(calls.count).toBe(2);
  });

  it('what is in the file is what comes back (the cache is trusted by its key)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { file } = cachedText('thing', '.js', 'tool', () => 'original', root);
    writeFileSync(file!, 'stored');
    expect(cachedText('thing', '.js', 'tool', () => 'original', root).text).toBe('stored');
  });

  it('a cache folder that cannot be made: the produced text, no file', () => {
    const blocker = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-cache-')), 'a-file');
    writeFileSync(blocker, '');
    expect(cachedText('thing', '.js', 'tool', () => 'text', path.join(blocker, 'cache'))).toEqual({ text: 'text', file: null });
  });
});
