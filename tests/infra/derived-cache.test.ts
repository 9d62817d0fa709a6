// The derived cache: produced once per code digest, read back afterwards, optional when it cannot be stored.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedText, cachedValue, codeDigest } from '../../build/infra/derived-cache.ts';

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

describe('cachedValue', () => {
  const counter = () => {
    const calls: string[] = [];
    return {
      calls,
      produce: (input: string) => () => (
        calls.push(input),
        { rows: [{ value: input, line: 2, missing: undefined }], rejected: new Set(['k']) }
      ),
    };
  };

  it('produces once per input and returns the stored value (undefined and Sets kept) without producing again', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { calls, produce } = counter();
    const first = cachedValue('table', Buffer.from('a'), produce('a'), root);
    const again = cachedValue('table', Buffer.from('a'), produce('a'), root);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect('missing' in again.rows[0]!).toBe(true);
    expect(again.rejected).toEqual(new Set(['k']));
    expect(calls).toEqual(['a']);
  });

  it('keeps one entry per name: another input replaces it, and the first input is produced again', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { calls, produce } = counter();
    cachedValue('table', Buffer.from('a'), produce('a'), root);
    cachedValue('other', Buffer.from('a'), produce('a'), root);
    cachedValue('table', Buffer.from('b'), produce('b'), root);
    expect(readdirSync(path.join(root, 'table'))).toHaveLength(1);
    expect(readdirSync(path.join(root, 'other'))).toHaveLength(1);
    expect(cachedValue('table', Buffer.from('a'), produce('a'), root).rows[0]!.value).toBe('a');
    expect(calls).toEqual(['a', 'a', 'b', 'a']);
  });

  it('a corrupt entry or a cache that cannot be made: the produced value', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-cache-'));
    const { calls, produce } = counter();
    cachedValue('table', Buffer.from('a'), produce('a'), root);
    const [entry] = readdirSync(path.join(root, 'table'));
    writeFileSync(path.join(root, 'table', entry!), 'not a serialised value');
    expect(cachedValue('table', Buffer.from('a'), produce('a'), root).rows[0]!.value).toBe('a');
    const blocker = path.join(root, 'a-file');
    writeFileSync(blocker, '');
    expect(cachedValue('table', Buffer.from('c'), produce('c'), path.join(blocker, 'cache')).rows[0]!.value).toBe('c');
    expect(calls).toEqual(['a', 'a', 'c']);
  });
});
