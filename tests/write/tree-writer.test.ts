// The writer: first build in one move, rebuilds that touch only changed files, stale files removed, abort touches
// nothing; a writer joined from another thread stages into the same folder and its report counts in the commit.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdsParts, TreeWriter } from '../../build/write/tree-writer.ts';
import { treeDigest } from '../helpers/fixture.ts';

const OWNED = ['api/', '404.html'];
const fresh = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-writer-')), 'public');

async function build(publicDir: string, files: Record<string, string>) {
  const writer = new TreeWriter(publicDir, OWNED);
  for (const [file, body] of Object.entries(files)) writer.write(file, body);
  return writer.commit();
}

describe('TreeWriter', () => {
  it('a first build writes every file and keeps files it does not own', async () => {
    const publicDir = fresh();
    mkdirSync(publicDir);
    writeFileSync(path.join(publicDir, 'robots.txt'), 'keep');
    const stats = await build(publicDir, { 'api/a.json': 'A', 'api/b/c.json': 'C', '404.html': 'N' });
    expect(stats).toEqual({ written: 3, unchanged: 0, deleted: 0 });
    expect(treeDigest(publicDir)).toMatchObject({
      'robots.txt': expect.any(String),
      'api/a.json': expect.any(String),
      'api/b/c.json': expect.any(String),
    });
    expect(existsSync(`${path.dirname(publicDir)}/.public-staging`)).toBe(false);
  });

  it('a rebuild rewrites only changed files, leaves unchanged ones untouched and deletes what is gone', async () => {
    const publicDir = fresh();
    await build(publicDir, {
      'api/same.json': 'S',
      'api/changed.json': 'old',
      'api/gone/x.json': 'G',
      '404.html': 'N',
    });
    const inode = statSync(path.join(publicDir, 'api/same.json')).ino;
    const stats = await build(publicDir, {
      'api/same.json': 'S',
      'api/changed.json': 'new',
      'api/added.json': 'A',
      '404.html': 'N',
    });
    expect(stats).toEqual({ written: 2, unchanged: 2, deleted: 1 });
    expect(statSync(path.join(publicDir, 'api/same.json')).ino).toBe(inode);
    expect(readFileSync(path.join(publicDir, 'api/changed.json'), 'utf8')).toBe('new');
    expect(existsSync(path.join(publicDir, 'api/gone'))).toBe(false);
    expect(Object.keys(treeDigest(publicDir)).sort()).toEqual([
      '404.html',
      'api/added.json',
      'api/changed.json',
      'api/same.json',
    ]);
  });

  it('compares a body in parts with what public/ holds, part by part, and writes it whole', async () => {
    const publicDir = fresh();
    await build(publicDir, { 'api/same.json': '[1,2,3]', 'api/changed.json': '[1,2,3]', 'api/longer.json': '[1]' });
    const writer = new TreeWriter(publicDir, OWNED);
    const parts = (...texts: string[]) => texts.map((text) => Buffer.from(text));
    const current = readFileSync(path.join(publicDir, 'api/changed.json'));
    expect(writer.write('api/same.json', parts('[1,', '2,', '3]'))).toBe(false);
    expect(writer.write('api/changed.json', parts('[1,', '4,', '3]'), current)).toBe(true); // same size, other bytes
    expect(writer.write('api/longer.json', parts('[1,', '2]'))).toBe(true);
    expect(await writer.commit()).toEqual({ written: 2, unchanged: 1, deleted: 0 });
    expect(readFileSync(path.join(publicDir, 'api/changed.json'), 'utf8')).toBe('[1,4,3]');
    expect(readFileSync(path.join(publicDir, 'api/longer.json'), 'utf8')).toBe('[1,2]');
  });

  it('holdsParts: the bytes are exactly the parts one after the other', () => {
    const parts = [Buffer.from('ab'), Buffer.from(''), Buffer.from('cd')];
    expect(holdsParts(Buffer.from('abcd'), parts, 4)).toBe(true);
    expect(holdsParts(Buffer.from('abce'), parts, 4)).toBe(false);
    expect(holdsParts(Buffer.from('abcde'), parts, 4)).toBe(false);
    expect(holdsParts(Buffer.from('ab'), [Buffer.from('abc')], 3)).toBe(false);
  });

  it('abort, or an error before commit, leaves public/ byte for byte as it was', async () => {
    const publicDir = fresh();
    await build(publicDir, { 'api/a.json': 'A', '404.html': 'N' });
    const before = treeDigest(publicDir);
    const writer = new TreeWriter(publicDir, OWNED);
    writer.write('api/a.json', 'changed');
    writer.write('api/new.json', 'new');
    writer.abort();
    expect(treeDigest(publicDir)).toEqual(before);
    expect(existsSync(writer.stagingDir)).toBe(false);
  });

  it('refuses a path produced twice, in a first build and in a rebuild', async () => {
    const first = new TreeWriter(fresh(), OWNED);
    first.write('api/a.json', 'A');
    expect(() => first.write('api/a.json', 'B')).toThrow();
    first.abort();
    const publicDir = fresh();
    await build(publicDir, { 'api/a.json': 'A' });
    const again = new TreeWriter(publicDir, OWNED);
    again.write('api/a.json', 'A');
    expect(() => again.write('api/a.json', 'A')).toThrow('the build produced api/a.json twice');
    again.abort();
  });

  describe('a writer joined from another thread', () => {
    it('writes into the same staging folder, and its report counts in the commit', async () => {
      const publicDir = fresh();
      const writer = new TreeWriter(publicDir, OWNED);
      const joined = TreeWriter.join(writer.share());
      writer.write('api/a.json', 'A');
      joined.write('api/b/c.json', Buffer.from('C'));
      joined.write('api/b/d.json', [Buffer.from('{"list":['), Buffer.from('1'), Buffer.from(']}')]);
      writer.absorb(joined.report());
      expect(await writer.commit()).toEqual({ written: 3, unchanged: 0, deleted: 0 });
      expect(readFileSync(path.join(publicDir, 'api/b/d.json'), 'utf8')).toBe('{"list":[1]}');
      expect(existsSync(writer.stagingDir)).toBe(false);
    });

    it('on a rebuild, leaves unchanged files alone and fails on a path both threads produced', async () => {
      const publicDir = fresh();
      await build(publicDir, { 'api/a.json': 'A', 'api/b.json': 'B', 'api/stale.json': 'S' });
      const writer = new TreeWriter(publicDir, OWNED);
      const joined = TreeWriter.join(writer.share());
      writer.write('api/a.json', 'A');
      joined.write('api/b.json', 'B2');
      expect(joined.report()).toEqual({ written: 1, unchanged: 0, produced: ['api/b.json'] });
      writer.absorb(joined.report());
      expect(await writer.commit()).toEqual({ written: 1, unchanged: 1, deleted: 1 });
      expect(readFileSync(path.join(publicDir, 'api/b.json'), 'utf8')).toBe('B2');

      const again = new TreeWriter(publicDir, OWNED);
      const other = TreeWriter.join(again.share());
      again.write('api/a.json', 'A');
      other.write('api/a.json', 'A');
      expect(() => again.absorb(other.report())).toThrow('the build produced api/a.json twice');
      again.abort();
    });

    it('a first build refuses a file the other thread already staged', () => {
      const writer = new TreeWriter(fresh(), OWNED);
      TreeWriter.join(writer.share()).write('api/a.json', 'A');
      expect(() => writer.write('api/a.json', 'A')).toThrow(/EEXIST/);
      writer.abort();
      expect(existsSync(writer.stagingDir)).toBe(false);
    });
  });
});
