// netlify.toml's export header rules are generated from the export registry: the committed file is what npm run docs
// writes, and a format added to the registry gets its rule there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_FILES } from '../../build/core/export-files.ts';
import { exportHeaderRules, withExportHeaders } from '../../build/docs/export-headers.ts';

describe("netlify.toml's export header rules", () => {
  const toml = readFileSync('netlify.toml', 'utf8');

  it('are the generated ones (run npm run docs after changing build/core/export-files.ts)', () => {
    expect(toml).toBe(withExportHeaders(toml));
    expect(toml).toContain(exportHeaderRules());
  });

  it('give every export its media type, and replace only what stands between the markers', () => {
    const rules = exportHeaderRules();
    for (const { name, mediaType } of EXPORT_FILES)
      expect(rules).toContain(`for = "/api/v1/exports/${name}"\n  [headers.values]\n    Content-Type = "${mediaType}"`);
    const stale = toml.replace('Content-Type = "application/vnd.sqlite3"', 'Content-Type = "text/plain"');
    expect(withExportHeaders(`before\n${stale}`)).toBe(`before\n${toml}`);
    expect(() => withExportHeaders('[[headers]]\n')).toThrow('no export header rule markers');
  });
});
