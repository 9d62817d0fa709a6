// The registry of export formats (build/core/export-files.ts, build/exports/formats.ts): each format's writer writes
// exactly the files the registry gives it, and the formats' names and types come from there.
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_FILES,
  EXPORT_FORMAT_NAMES,
  EXPORT_FORMATS,
  EXPORT_FORMATS_TEXT,
} from '../../build/core/export-files.ts';
import { writeFormats } from '../../build/exports/export-pass.ts';
import { FORMAT_WRITERS } from '../../build/exports/formats.ts';
import { ReleaseTree } from '../../build/exports/release-tree.ts';
import { sharedSite } from '../helpers/fixture.ts';

const site = sharedSite('mini');

describe('the export formats', () => {
  it.each(EXPORT_FORMAT_NAMES)('%s: its writer writes exactly the files the registry lists for it', async (format) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), `export-${format}-`));
    const open = await FORMAT_WRITERS[format].load();
    const ms = writeFormats(new ReleaseTree(site.publicDir), {
      [format]: () => open({ outDir, metadata: { datasetVersion: 'test' } }),
    });
    expect(ms[format]).toBeGreaterThanOrEqual(0);
    const listed = EXPORT_FILES.filter((file) => file.format === format).map((file) => file.name);
    expect(listed.length).toBeGreaterThan(0);
    expect(readdirSync(outDir).sort()).toEqual([...listed].sort());
  });

  it('types each file by its format, and names the formats in prose in their order', () => {
    for (const file of EXPORT_FILES) expect(file.mediaType, file.name).toBe(EXPORT_FORMATS[file.format].mediaType);
    expect(new Set(EXPORT_FILES.map((file) => file.name)).size).toBe(EXPORT_FILES.length);
    const labels = EXPORT_FORMAT_NAMES.map((format) => EXPORT_FORMATS[format].label);
    expect(EXPORT_FORMATS_TEXT).toBe(`${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`);
    expect(EXPORT_FORMATS_TEXT).toMatch(/^NDJSON, CSV\b.* or /);
  });
});
