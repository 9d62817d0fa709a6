// The derived cache: produced once per code digest, read back afterwards, optional when it cannot be stored.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedText, codeDigest } from '../../build/core/derived-cache.ts';

describe('cachedText', () => {
  const counting = (text: string) => {
    const calls = { count: 0 };
    return { calls, produce: () => ((calls.count += 1), text) };
  };

  it('produces on a miss, stores the text, and reads it back without producing again', () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-cache-')), 'cache');
    const { calls, produce } = counting('compiled text');
    const first = cachedText('thing', '.js', produce, root);
    expect(first.text).toBe('compiled text');
    expect(readFileSync(first.file!, 'utf8')).toBe('compiled text');
    const second = cachedText('thing', '.js', produce, root);
    expect(second).toEqual(first);
    expect(calls.count).toBe(1);
  });

  it('names the file by the build code digest (build/**/*.ts and package-lock.json): other code, another entry', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { file } = cachedText('thing', '.js', () => 'x', root);
    expect(codeDigest()).toMatch(/^[0-9a-f]{24}$/);
    expect(file).toBe(path.join(root, `thing-${codeDigest()}.js`));
  });

  it('what is in the file is what comes back (the cache is trusted by its key)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { file } = cachedText('thing', '.js', () => 'original', root);
    writeFileSync(file!, 'stored');
    expect(cachedText('thing', '.js', () => 'original', root).text).toBe('stored');
  });

  it('a cache folder that cannot be made: the produced text, no file', () => {
    const blocker = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-cache-')), 'a-file');
    writeFileSync(blocker, '');
    expect(cachedText('thing', '.js', () => 'text', path.join(blocker, 'cache'))).toEqual({ text: 'text', file: null });
  });
});
