// The shipped data and the OpenEV Data import: the repository keeps the pin and the decisions, no copy of the
// dataset; its licence is named and linked with the data; and what the dataset alone backs is marked and scored as
// such. (That data/ is exactly the re-import of the pinned release is checked by .ci/run, where ../shared exists.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INCLUDED_DATASETS } from '../../build/core/license.ts';
import { loadDataset } from '../../build/checks/load-dataset.ts';
import { DERIVED_CONFIDENCE as C } from '../../build/derive/rules/confidence.ts';
import { IMPORT_DIR } from '../../build/upstream/open-ev-data/import.ts';
import { readPin } from '../../build/upstream/open-ev-data/pin.ts';
import { PROJECT_ROOT, sharedSite, useShippedSite } from '../helpers/fixture.ts';

const shipped = useShippedSite();
const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

describe('the shipped data and its pinned release', () => {
  it('keeps the pin and the decisions of the import, and no file of the dataset', () => {
    expect(readdirSync(path.join(PROJECT_ROOT, IMPORT_DIR)).sort()).toEqual(['README.md', 'mapping.yaml', 'pin.yaml']);
    expect(readPin(path.join(PROJECT_ROOT, IMPORT_DIR, 'pin.yaml'))).toMatchObject({
      version: '1.24.0',
      licence: 'CDLA-Permissive-2.0',
    });
  });

  it("names the dataset's licence by its SPDX id with a link to its text, where the data and its bundle carry it", () => {
    for (const file of ['data/LICENSE', `${IMPORT_DIR}/README.md`, 'data/README.md'])
      for (const dataset of INCLUDED_DATASETS) {
        expect(read(file), file).toContain(dataset.license);
        expect(read(file), file).toContain(dataset.licenseText);
        expect(read(file), file).toContain(dataset.url);
      }
    expect(read('data/LICENSE')).not.toContain('THE DATA IS PROVIDED ON AN "AS IS" BASIS');
  });

  it('marks every source the import wrote, and only those, as kind dataset', () => {
    const data = loadDataset(PROJECT_ROOT);
    const prefixes = INCLUDED_DATASETS.map((d) => d.sourcePrefix);
    const mismatched = [...data.sources.values()].filter(
      (s) => (s.kind === 'dataset') !== prefixes.some((prefix) => s.id.startsWith(prefix)),
    );
    expect(mismatched).toEqual([]);
    expect([...data.sources.values()].filter((s) => s.kind === 'dataset').length).toBeGreaterThan(1000);
  });
});

describe('what the API says of the imported data', () => {
  it('names the included dataset and its licence in /api/v1, and none for data without it', () => {
    const includes = (site: typeof shipped) =>
      (site.json('api/v1/_data/index.json') as { license: { includes: unknown } }).license.includes;
    expect(includes(shipped)).toEqual([
      {
        name: 'OpenEV Data dataset',
        license: 'CDLA-Permissive-2.0',
        url: 'https://github.com/open-ev-data/open-ev-data-dataset',
      },
    ]);
    expect(includes(sharedSite('mini'))).toEqual([]);
  });

  it('scores a pairing whose vehicle figures only the dataset gives below one our own sources back', () => {
    type Edge = { state: string; confidence: number; sources: { id: string; kind: string }[] };
    const edge = (vehicle: string) => shipped.json(`api/v1/_data/edges/EU/${vehicle}/alpitronic-hyc300.json`) as Edge;
    // The Model 3 Performance of 2025 is the dataset's alone; the Long Range AWD of 2019 is ours alone.
    const imported = edge('tesla-model-3-performance-2025-eu');
    const ours = edge('tesla-model-3-long-range-awd-2019-eu');
    expect(imported.sources.filter((s) => s.kind === 'dataset').length).toBeGreaterThanOrEqual(2);
    expect(ours.sources.some((s) => s.kind === 'dataset')).toBe(false);
    expect(imported.state).toBe(ours.state);
    expect(imported.confidence).toBeLessThanOrEqual(C.base - C.upstreamOnlyPenalty);
    expect(imported.confidence).toBeLessThan(ours.confidence);
  });
});
