// Test helpers for the OpenEV Data importer: the fixture release and a project to import it into.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_DIR, MAPPING_FILE } from '../../build/upstream/open-ev-data/import.ts';
import { copyFixture, editData } from './fixture.ts';
import { citedBy, csvLine } from './rows.ts';

/** Real files of OpenEV Data 1.24.0, verbatim, with the licence (see its README). */
export const OED_FIXTURE = fileURLToPath(new URL('../fixtures/open-ev-data', import.meta.url));

/** The decisions the tests start from: inlet rules for the North American cars of the fixture (not Lucid's). */
export const TEST_MAPPING = `na_inlets:
  - brands: [Tesla]
    ac_inlet: nacs
    dc_inlet: nacs
    source: [fixture-spec]
  - brands: [Cadillac]
    years: { to: 2025 }
    ac_inlet: type1
    dc_inlet: ccs1
    source: [fixture-spec]
  - brands: [Nissan]
    families: [LEAF]
    ac_inlet: type1
    dc_inlet: chademo
    source: [fixture-test]
decisions:
  - record: src/tesla/model_3/2024/model_3.json
    vehicle: tesla-model-3-rwd-2024-eu
  - record: src/tesla/model_3/2024/model_3_performance.json
    market: EU
    create: true
`;

/** Variants of ours the fixture's records meet: a Model 3 RWD (170 kW DC, as upstream has it) and an ID.3 GTX. */
export const OWN_VEHICLES = [
  csvLine('vehicles', {
    slug: 'tesla-model-3-rwd-2024-eu',
    brand: 'Tesla',
    family: 'Model 3',
    trim: 'RWD',
    model_year: '2024',
    max_dc_kw_oem: '170',
    max_ac_kw_oem: '11',
    ac_phases: '3',
    source: 'fixture-spec',
    ...citedBy('fixture-spec', ['max_dc_kw_oem', 'max_ac_kw_oem', 'ac_phases']),
  }),
  csvLine('vehicles', {
    slug: 'volkswagen-id-3-gtx-2024-eu',
    brand: 'Volkswagen',
    family: 'ID.3',
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
  'tesla-model-3-rwd-2024-eu,EU,type2,ccs2,fixture-spec',
  'volkswagen-id-3-gtx-2024-eu,EU,type2,ccs2,fixture-spec',
];

/** A copy of the mini fixture with the variants above and the test decisions; returns its root. */
export function importProject(mapping = TEST_MAPPING): string {
  const root = copyFixture();
  editData(root, 'vehicles.csv', (text) => `${text}${OWN_VEHICLES.join('\n')}\n`);
  editData(root, 'vehicle_regions.csv', (text) => `${text}${OWN_REGIONS.join('\n')}\n`);
  writeMapping(root, mapping);
  return root;
}

export function writeMapping(root: string, mapping: string): void {
  mkdirSync(path.join(root, IMPORT_DIR), { recursive: true });
  writeFileSync(path.join(root, IMPORT_DIR, MAPPING_FILE), mapping);
}

/** Adds a Model 3 Performance 2024 (EU) of ours: its DC peak `kw` from a source of ours, nothing else sourced. */
export function addOwnPerformance(root: string, kw: number): void {
  editData(
    root,
    'vehicles.csv',
    (text) =>
      `${text}${csvLine('vehicles', {
        slug: 'tesla-model-3-performance-2024-eu',
        brand: 'Tesla',
        family: 'Model 3',
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
    (text) => `${text}tesla-model-3-performance-2024-eu,EU,type2,ccs2,fixture-spec\n`,
  );
}
