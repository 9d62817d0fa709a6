// The derived cache: produced once per code digest, read back afterwards, optional when it cannot be stored.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedText, cachedValue, codeDigest, codeDigestOf } from '../../build/infra/derived-cache.ts';

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

describe('codeDigestOf', () => {
  /** A project with build/a.ts, build/deep/b.ts, a file that is not TypeScript, and package-lock.json. */
  const project = () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-code-'));
    mkdirSync(path.join(root, 'build', 'deep'), { recursive: true });
    writeFileSync(path.join(root, 'build', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'build', 'deep', 'b.ts'), 'export const b = 2;\n');
    writeFileSync(path.join(root, 'build', 'notes.md'), 'not code\n');
    writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
    return { root, cache: path.join(root, 'cache') };
  };

  it('is the same for the same code in another folder, whatever else lies beside it', () => {
    const one = project();
    const two = project();
    writeFileSync(path.join(two.root, 'build', 'notes.md'), 'other notes\n');
    expect(codeDigestOf(one.root, one.cache)).toMatch(/^[0-9a-f]{24}$/);
    expect(codeDigestOf(two.root, two.cache)).toBe(codeDigestOf(one.root, one.cache));
  });

  it('changes with a TypeScript file at any depth, a new one, or the lock file, after a digest was kept', () => {
    const { root, cache } = project();
    const digests = [codeDigestOf(root, cache)];
    // Each change alters a size: two writes within one clock tick of the file system may leave its times as they were.
    writeFileSync(path.join(root, 'build', 'deep', 'b.ts'), 'export const b = 30;\n');
    digests.push(codeDigestOf(root, cache));
    writeFileSync(path.join(root, 'build', 'deep', 'c.ts'), 'export const c = 4;\n');
    digests.push(codeDigestOf(root, cache));
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    digests.push(codeDigestOf(root, cache));
    expect(new Set(digests).size).toBe(4);
  });

  /** A clock past the racy window of files written just now (build/infra/file-stamps.ts). */
  const later = () => Date.now() + 60_000;

  it("keeps one digest, under the files' stamps, and trusts it while they are unchanged", () => {
    const { root, cache } = project();
    const digest = codeDigestOf(root, cache, later());
    const kept = readdirSync(path.join(cache, 'code-digest'));
    expect(kept).toHaveLength(1);
    writeFileSync(path.join(cache, 'code-digest', kept[0]!), 'kept-digest');
    expect(codeDigestOf(root, cache, later())).toBe('kept-digest');
    utimesSync(path.join(root, 'build', 'a.ts'), new Date('2001-01-01'), new Date('2001-01-01')); // same bytes, new stamp
    expect(codeDigestOf(root, cache, later())).toBe(digest);
    expect(readdirSync(path.join(cache, 'code-digest'))).toHaveLength(1);
  });

  it('keeps no digest while a file changed too recently for its stamp to tell a further change', () => {
    const { root, cache } = project();
    const digest = codeDigestOf(root, cache, Date.now());
    expect(existsSync(path.join(cache, 'code-digest'))).toBe(false);
    expect(codeDigestOf(root, cache, later())).toBe(digest);
    expect(readdirSync(path.join(cache, 'code-digest'))).toHaveLength(1);
  });

  it('a cache that cannot be written: the digest of the contents all the same', () => {
    const { root } = project();
    const blocker = path.join(root, 'a-file');
    writeFileSync(blocker, '');
    expect(codeDigestOf(root, path.join(blocker, 'cache'))).toBe(codeDigestOf(root, path.join(root, 'cache')));
  });
});
