// The writer: first build in one move (a large one staged on a second thread), rebuilds that touch only changed files,
// stale files removed, abort touches nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THREAD_AFTER_FILES, TreeWriter } from '../../build/write/tree-writer.ts';
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

  describe('a first build past the write-thread threshold', () => {
    /** More files than the writer stages on its own thread: strings (some not ASCII) and Buffers, in nested folders. */
    const manyFiles = (count = THREAD_AFTER_FILES + 700) =>
      Array.from({ length: count }, (_, i): [string, string | Buffer] => [
        `api/f${i % 37}/n${i}.json`,
        i % 5 === 0 ? Buffer.from(`buffer ${i}`) : `{"n":${i},"s":"Eşarj ${'é'.repeat(i % 9)}"}\n`,
      ]);
    const expected = (files: [string, string | Buffer][]) =>
      Object.fromEntries(files.map(([file, body]) => [file, createHash('sha256').update(body).digest('hex')]));

    it('writes every file byte for byte', async () => {
      const publicDir = fresh();
      const files = manyFiles();
      const writer = new TreeWriter(publicDir, OWNED);
      for (const [file, body] of files) writer.write(file, body);
      expect(await writer.commit()).toEqual({ written: files.length, unchanged: 0, deleted: 0 });
      expect(treeDigest(publicDir)).toEqual(expected(files));
      expect(existsSync(writer.stagingDir)).toBe(false);
    });

    it('a path produced twice on the thread fails the commit, and abort leaves no public/ and no staging folder', async () => {
      const publicDir = fresh();
      const writer = new TreeWriter(publicDir, OWNED);
      for (const [file, body] of manyFiles()) writer.write(file, body);
      writer.write(`api/f1/n1.json`, 'again');
      await expect(writer.commit()).rejects.toThrow(/EEXIST.*api\/f1\/n1\.json/);
      writer.abort();
      expect(existsSync(publicDir)).toBe(false);
      expect(existsSync(writer.stagingDir)).toBe(false);
    });

    it('abort while the thread writes stops it and leaves public/ as it was', async () => {
      const publicDir = fresh();
      mkdirSync(publicDir);
      writeFileSync(path.join(publicDir, 'robots.txt'), 'keep');
      const before = treeDigest(publicDir);
      const writer = new TreeWriter(publicDir, OWNED);
      for (const [file, body] of manyFiles(THREAD_AFTER_FILES * 3)) writer.write(file, body);
      writer.abort();
      expect(existsSync(writer.stagingDir)).toBe(false);
      expect(treeDigest(publicDir)).toEqual(before);
    });
  });
});
