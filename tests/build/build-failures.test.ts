// A broken data/ stops the build with every problem at its file:line:column, and public/ stays exactly as it was.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { SchemaViolation } from '../../build/api/validate-documents.ts';
import { DataError, formatProblem } from '../../build/data/problems.ts';
import { copyBuiltFixture, editData, treeDigest } from '../helpers/fixture.ts';
import { startOfCell } from '../helpers/rows.ts';

/** Builds a good tree first, breaks the data, builds again: returns the formatted problems and whether public/ changed. */
async function failingBuild(breakData: (root: string) => void) {
  const root = await copyBuiltFixture();
  const publicDir = path.join(root, 'public');
  const before = treeDigest(publicDir);
  breakData(root);
  let problems: string[] = [];
  try {
    await buildSite({ root });
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    problems = error.problems.map(formatProblem);
  }
  return { problems, untouched: JSON.stringify(treeDigest(publicDir)) === JSON.stringify(before), root };
}

const SLUG_MESSAGE =
  'must be a slug: lowercase letters a-z, digits and single hyphens between them, e.g. "kia-ev6-gt-2023"';

const cases: { name: string; breakData: (root: string) => void; expected: string[] }[] = [
  {
    name: 'a wrong type',
    breakData: (root) =>
      editData(root, 'vehicles.csv', (t) =>
        t.replace('volt-a-400-2024,Fixture,Volt A,400,2024', 'volt-a-400-2024,Fixture,Volt A,400,twenty'),
      ),
    expected: [
      `data/vehicles.csv:2:${startOfCell('volt-a-400-2024,Fixture,Volt A,400,twenty', 4)}: [schema] model_year: must be a whole number, got "twenty"`,
    ],
  },
  {
    name: 'a missing column',
    breakData: (root) => editData(root, 'chargers.csv', (t) => t.replace('slug,brand,model,', 'slug,brand,')),
    expected: [
      // Where model belongs in the header without it: the third cell, after "slug,brand,".
      'data/chargers.csv:1:12: [schema] missing column "model" (fix: the header must be: slug,brand,model,current_kind,nominal_max_kw,nominal_max_kw_source,output_voltage_min_v,output_voltage_min_v_source,output_voltage_max_v,output_voltage_max_v_source,protocols,source,note)',
    ],
  },
  {
    name: 'a duplicate slug',
    breakData: (root) => editData(root, 'vehicles.csv', (t) => `${t}${t.split('\n')[1]}\n`),
    expected: ['data/vehicles.csv:8:1: [unique-keys] vehicle slug "volt-a-400-2024" is already defined on line 2'],
  },
  {
    name: 'a dangling reference',
    breakData: (root) => editData(root, 'vehicle_regions.csv', (t) => `${t}ghost-ev-2024,EU,type2,ccs2,fixture-spec\n`),
    expected: [
      'data/vehicle_regions.csv:9:1: [references] vehicle "ghost-ev-2024" is not defined in data/vehicles.csv',
    ],
  },
  {
    name: 'a slug with ../',
    breakData: (root) => {
      for (const file of ['vehicles.csv', 'vehicle_regions.csv', 'observations.csv']) {
        editData(root, file, (t) => t.replace(/^volt-a-400-2024,/gm, '../volt-a-400-2024,'));
      }
    },
    expected: [
      `data/observations.csv:2:1: [schema] vehicle: ${SLUG_MESSAGE}`,
      `data/vehicle_regions.csv:2:1: [schema] vehicle: ${SLUG_MESSAGE}`,
      `data/vehicle_regions.csv:3:1: [schema] vehicle: ${SLUG_MESSAGE}`,
      `data/vehicles.csv:2:1: [schema] slug: ${SLUG_MESSAGE}`,
    ],
  },
  {
    name: 'an observation against physics (above the vehicle maximum)',
    breakData: (root) =>
      editData(root, 'observations.csv', (t) =>
        t.replace('volt-a-400-2024,bolt-super-250,EU,limited,120,', 'volt-a-400-2024,bolt-super-250,EU,limited,180,'),
      ),
    expected: [
      `data/observations.csv:2:${startOfCell('volt-a-400-2024,bolt-super-250,EU,limited,180,', 4)}: [observation-kw] 180 kW is above volt-a-400-2024's own maximum of 150 kW: an edge never exceeds what the vehicle takes`,
    ],
  },
  {
    name: 'an empty file',
    breakData: (root) => editData(root, 'observations.csv', () => ''),
    expected: [
      'data/observations.csv:1:1: [schema] file is empty; it needs the header row: vehicle,charger,region,state,kw,note,source',
    ],
  },
  {
    name: 'a byte-order mark',
    breakData: (root) => editData(root, 'vehicles.csv', (t) => `\uFEFF${t}`),
    expected: [
      'data/vehicles.csv:1:1: [format] file starts with a byte-order mark (BOM) (fix: save the file as UTF-8 without BOM, or run npm run fix)',
    ],
  },
  {
    name: 'CRLF line endings',
    breakData: (root) => editData(root, 'charger_connectors.csv', (t) => t.replace(/\n/g, '\r\n')),
    expected: [
      'data/charger_connectors.csv:1:109: [format] line ends with CR LF (8 line(s) in this file); data files use LF line endings (fix: run npm run fix)',
    ],
  },
];

describe('a build over broken data', () => {
  for (const { name, breakData, expected } of cases) {
    it(`reports ${name} at its exact position and leaves public/ untouched`, async () => {
      const result = await failingBuild(breakData);
      expect(result.problems).toEqual(expected);
      expect(result.untouched).toBe(true);
    });
  }

  it('lists every problem at once, sorted by file and position', async () => {
    const result = await failingBuild((root) => {
      editData(root, 'vehicles.csv', (t) =>
        t.replace('volt-b-800-2024,Fixture,Volt B,800,2024,77', 'volt-b-800-2024,Fixture,Volt B,800,2024,lots'),
      );
      editData(root, 'chargers.csv', (t) => t.replace('amp-dc-50,Amp,DC 50,DC,50', 'amp-dc-50,Amp,DC 50,XC,50'));
    });
    expect(result.problems).toEqual([
      `data/chargers.csv:2:${startOfCell('amp-dc-50,Amp,DC 50,XC,50', 3)}: [schema] current_kind: must be one of AC, DC, got "XC"`,
      `data/vehicles.csv:3:${startOfCell('volt-b-800-2024,Fixture,Volt B,800,2024,lots', 5)}: [schema] battery_kwh_usable: must be a number, got "lots"`,
    ]);
    expect(result.untouched).toBe(true);
  });

  it('reports a YAML problem at the line and column of the value', async () => {
    const result = await failingBuild((root) =>
      editData(root, 'sources.yaml', (t) => t.replace('kind: testing', 'kind: rumour')),
    );
    expect(result.problems).toEqual([
      'data/sources.yaml:8:9: [schema] kind: must be one of oem, regulatory, press, community, testing, dataset, derived, got "rumour"',
    ]);
  });
});

describe('a build whose output breaks a published schema', () => {
  it('stops before writing, naming the file and the failing field', async () => {
    const root = await copyBuiltFixture();
    const publicDir = path.join(root, 'public');
    const before = treeDigest(publicDir);
    // The data files accept any YYYY-MM-DD; the published schema accepts only real calendar days.
    editData(root, 'sources.yaml', (t) => t.replace('accessedAt: 2026-01-15', 'accessedAt: 2026-02-30'));
    const failure = await buildSite({ root, history: 'provisional' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SchemaViolation);
    const violation = failure as SchemaViolation;
    expect(violation.path).toBe('api/v1/_data/edges/EU/volt-a-400-2024/bolt-super-250.json');
    expect(violation.kind).toBe('edge');
    expect(violation.problems).toContain('/sources/1/accessedAt must match format "date"');
    expect(treeDigest(publicDir)).toEqual(before);
  });
});
