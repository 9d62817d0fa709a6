// Test helpers for the OpenEV Data importer: the fixture release, a project to import it into (pinned to the fixture's
// version), and hostile releases made on the fly.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_DIR, MAPPING_FILE } from '../../build/upstream/open-ev-data/import.ts';
import { PIN_FILE } from '../../build/upstream/open-ev-data/pin.ts';
import { copyFixture, editData } from './fixture.ts';
import { citedBy, csvLine } from './rows.ts';

/** A fictional release in OpenEV Data's layout, written for these tests (see its README); its version is 1.24.0. */
export const OED_FIXTURE = fileURLToPath(new URL('../fixtures/open-ev-data', import.meta.url));

/** The decisions the tests start from: inlet rules for the North American cars of the fixture (not Lucent's). */
export const TEST_MAPPING = `na_inlets:
  - brands: [Fixture Motors]
    ac_inlet: nacs
    dc_inlet: nacs
    source: [fixture-spec]
  - brands: [Specimen]
    years: { to: 2025 }
    ac_inlet: type1
    dc_inlet: ccs1
    source: [fixture-spec]
  - brands: [Mockvolt]
    families: [TWIG]
    ac_inlet: type1
    dc_inlet: chademo
    source: [fixture-test]
decisions:
  - record: src/fixture_motors/arrow/2024/arrow.json
    vehicle: fixture-motors-arrow-rwd-2024-eu
  - record: src/fixture_motors/arrow/2024/arrow_performance.json
    market: EU
    create: true
`;

/** Variants of ours the fixture's records meet: an Arrow RWD (170 kW DC, as the record has it) and a T.3 GTX. */
export const OWN_VEHICLES = [
  csvLine('vehicles', {
    slug: 'fixture-motors-arrow-rwd-2024-eu',
    brand: 'Fixture Motors',
    family: 'Arrow',
    trim: 'RWD',
    model_year: '2024',
    max_dc_kw_oem: '170',
    max_ac_kw_oem: '11',
    ac_phases: '3',
    source: 'fixture-spec',
    ...citedBy('fixture-spec', ['max_dc_kw_oem', 'max_ac_kw_oem', 'ac_phases']),
  }),
  csvLine('vehicles', {
    slug: 'testwerk-t-3-gtx-2024-eu',
    brand: 'Testwerk',
    family: 'T.3',
    trim: 'GTX',
    model_year: '2024',
    battery_kwh_usable: '77',
    max_dc_kw_oem: '185',
    source: 'fixture-spec',
    ...citedBy('fixture-spec', ['battery_kwh_usable', 'max_dc_kw_oem']),
    note: 'our own note',
  }),
];
const OWN_REGIONS = [
  'fixture-motors-arrow-rwd-2024-eu,EU,type2,ccs2,fixture-spec',
  'testwerk-t-3-gtx-2024-eu,EU,type2,ccs2,fixture-spec',
];

/** A copy of the mini fixture with the variants above and the test decisions; returns its root. */
export function importProject(mapping = TEST_MAPPING): string {
  const root = copyFixture();
  editData(root, 'vehicles.csv', (text) => `${text}${OWN_VEHICLES.join('\n')}\n`);
  editData(root, 'vehicle_regions.csv', (text) => `${text}${OWN_REGIONS.join('\n')}\n`);
  writeMapping(root, mapping);
  return root;
}

/** The pin of a test project: the fixture's version (the commit is made up). */
export const TEST_PIN =
  'version: 1.24.0\ncommit: 0123456789abcdef0123456789abcdef01234567\nlicence: CDLA-Permissive-2.0\n';

export function writeMapping(root: string, mapping: string): void {
  mkdirSync(path.join(root, IMPORT_DIR), { recursive: true });
  writeFileSync(path.join(root, IMPORT_DIR, MAPPING_FILE), mapping);
  writeFileSync(path.join(root, IMPORT_DIR, PIN_FILE), TEST_PIN);
}

/** Adds an Arrow Performance 2024 (EU) of ours: its DC peak `kw` from a source of ours, nothing else sourced. */
export function addOwnPerformance(root: string, kw: number): void {
  editData(
    root,
    'vehicles.csv',
    (text) =>
      `${text}${csvLine('vehicles', {
        slug: 'fixture-motors-arrow-performance-2024-eu',
        brand: 'Fixture Motors',
        family: 'Arrow',
        trim: 'Performance',
        model_year: '2024',
        max_dc_kw_oem: String(kw),
        max_dc_kw_oem_source: 'fixture-test',
        source: 'fixture-spec',
      })}\n`,
  );
  editData(
    root,
    'vehicle_regions.csv',
    (text) => `${text}fixture-motors-arrow-performance-2024-eu,EU,type2,ccs2,fixture-spec\n`,
  );
}
