// Reading an OpenEV Data release where it is (a folder or an archive), merging its layers and reducing it to the
// records and fields the import uses.
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import fg from 'fast-glob';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { readUpstreamRelease } from '../../build/upstream/open-ev-data/checkout.ts';
import { toExtractRecord } from '../../build/upstream/open-ev-data/extract.ts';
import { extractRelease, ImportRefused } from '../../build/upstream/open-ev-data/import.ts';
import { parsePin } from '../../build/upstream/open-ev-data/pin.ts';
import { compileRecords, deepMerge } from '../../build/upstream/open-ev-data/layers.ts';
import { OED_FIXTURE, TEST_PIN } from '../helpers/open-ev-data.ts';

const pin = parsePin(TEST_PIN, 'pin.yaml');

/** The fixture as a release archive: one top folder, as GitHub serves a tag's source. */
async function fixtureArchive(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-oed-')), 'open-ev-data-dataset-1.24.0.tar.gz');
  const pack = tar.pack();
  for (const name of fg.sync('**/*', { cwd: OED_FIXTURE }).sort())
    pack.entry({ name: `open-ev-data-dataset-1.24.0/${name}` }, readFileSync(path.join(OED_FIXTURE, name)));
  pack.finalize();
  await pipeline(pack, createGzip(), createWriteStream(file));
  return file;
}

describe('readUpstreamRelease', () => {
  it('reads a checkout: the version, the licence text and only the JSON files under src/', async () => {
    const release = await readUpstreamRelease(OED_FIXTURE);
    expect(release.version).toBe('1.24.0');
    expect(release.licence).toBe(readFileSync(path.join(OED_FIXTURE, 'LICENCE'), 'utf8'));
    expect(release.licence).toMatch(/^# Community Data License Agreement - Permissive - Version 2\.0/);
    expect([...release.files.keys()].every((name) => name.startsWith('src/') && name.endsWith('.json'))).toBe(true);
    expect(release.files.size).toBe(fg.sync('src/**/*.json', { cwd: OED_FIXTURE }).length);
  });

  it('reads the same release from its .tar.gz archive', async () => {
    const fromFolder = await readUpstreamRelease(OED_FIXTURE);
    expect(await readUpstreamRelease(await fixtureArchive())).toEqual(fromFolder);
  });

  it('reads a folder without package.json, as the pinned copy is, with no version of its own', async () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'ev-oed-'));
    cpSync(OED_FIXTURE, copy, { recursive: true });
    rmSync(path.join(copy, 'package.json'));
    const release = await readUpstreamRelease(copy);
    expect(release.version).toBeNull();
    expect(release.files).toEqual((await readUpstreamRelease(OED_FIXTURE)).files);
    expect((await extractRelease(copy, pin)).extract.version).toBe('1.24.0');
  });

  it('refuses what is not a release, in one line', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'ev-oed-'));
    await expect(readUpstreamRelease(empty)).rejects.toThrow(/has no LICENCE at its root/);
    const text = path.join(empty, 'release.zip');
    writeFileSync(text, 'x');
    await expect(readUpstreamRelease(text)).rejects.toThrow(/neither a release folder nor a \.tar\.gz/);
    mkdirSync(path.join(empty, 'src'));
    writeFileSync(path.join(empty, 'LICENCE'), 'text');
    writeFileSync(path.join(empty, 'package.json'), '{"version":"one"}');
    await expect(readUpstreamRelease(empty)).rejects.toThrow(/no version of the form 1\.2\.3/);
  });

  it('refuses a release of another version than the pin, or under another licence', async () => {
    const other = parsePin(TEST_PIN.replace('1.24.0', '1.25.0'), 'pin.yaml');
    await expect(extractRelease(OED_FIXTURE, other)).rejects.toThrow(
      /is OpenEV Data 1\.24\.0, but data\/imports\/open-ev-data\/pin\.yaml pins 1\.25\.0: set its version and commit first$/,
    );
    const copy = mkdtempSync(path.join(os.tmpdir(), 'ev-oed-'));
    cpSync(OED_FIXTURE, copy, { recursive: true });
    writeFileSync(path.join(copy, 'LICENCE'), 'MIT License\n\nCopyright …\n');
    await expect(extractRelease(copy, pin)).rejects.toThrow(ImportRefused);
    await expect(extractRelease(copy, pin)).rejects.toThrow(
      /LICENCE is not the CDLA-Permissive-2\.0 agreement \(it begins "MIT License"\)/,
    );
  });
});

describe('compileRecords', () => {
  it('merges objects key by key and lets a higher layer replace scalars and arrays', () => {
    expect(deepMerge({ a: { x: 1, y: 2 }, list: [1, 2], s: 'low' }, { a: { y: 3 }, list: [9], s: 'high' })).toEqual({
      a: { x: 1, y: 3 },
      list: [9],
      s: 'high',
    });
  });

  it('layers a file on its model base and on every year file whose name starts its own', async () => {
    const records = compileRecords((await readUpstreamRelease(OED_FIXTURE)).files);
    const sportback50 = records.find((r) => r.path === 'src/prototypo/p4_e_volt/2024/p4_e_volt_sportback_50.json')!;
    expect(sportback50.layers).toEqual([
      'src/prototypo/p4_e_volt/base.json',
      'src/prototypo/p4_e_volt/2024/p4_e_volt.json',
      'src/prototypo/p4_e_volt/2024/p4_e_volt_sportback.json',
      'src/prototypo/p4_e_volt/2024/p4_e_volt_sportback_50.json',
    ]);
    // make and model from base.json, markets from the year file, trim from the file itself, variant from the middle layer.
    expect(sportback50.json).toMatchObject({
      make: { slug: 'prototypo' },
      trim: { name: '50' },
      variant: { name: 'Sportback' },
    });
    expect(sportback50.json.markets).toContain('DE');
    expect(sportback50.ownKeys).toContain('trim');
    expect(records.map((r) => r.path)).toEqual([...records.map((r) => r.path)].sort());
    expect(records.some((r) => r.path.endsWith('base.json'))).toBe(false);
  });

  it('names the file of invalid JSON, with the line and column', () => {
    const files = new Map([['src/x/y/2024/y.json', '{\n  "year": 2024,\n  nope']]);
    expect(() => compileRecords(files)).toThrow(
      /^src\/x\/y\/2024\/y\.json:3:3: not valid JSON \(Expected double-quoted property name in JSON\)$/,
    );
  });
});

describe('the extract', () => {
  it('keeps the records of our markets, with the fields the importer uses, in path order', async () => {
    const { extract, elsewhere, unreadable } = await extractRelease(OED_FIXTURE, pin);
    expect(extract).toMatchObject({ dataset: 'OpenEV Data', version: '1.24.0', licence: 'CDLA-Permissive-2.0' });
    expect(extract.records.map((r) => r.path)).not.toContain('src/nowhere_motors/minnow/2024/minnow.json');
    expect(elsewhere).toBe(1);
    expect(unreadable).toEqual([]);
    const performance = extract.records.find((r) => r.path === 'src/fixture_motors/arrow/2024/arrow_performance.json')!;
    expect(performance).toMatchObject({
      trim: 'Performance',
      variant: 'Performance',
      inherited_trim: false,
      ports: [{ kind: 'combo', connector: 'nacs' }],
      battery: { gross: 82, net: 79, nominal_v: null },
      dc: { max_kw: 250, voltage_class: '400v' },
      ac: { max_kw: 11, phases: null },
      sources: [{ type: 'oem', url: 'https://example.com/fixture-motors/arrow', accessed_at: '2025-12-28T00:00:00Z' }],
    });
  });

  it('tells which field a record lacks', () => {
    const broken = toExtractRecord({ path: 'src/a/b/2024/b.json', layers: [], json: { make: {} }, ownKeys: [] });
    expect(broken).toEqual({ path: 'src/a/b/2024/b.json', error: expect.stringMatching(/^make\.slug: /) });
  });
});
