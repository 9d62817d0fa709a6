// Check "plain-text": every cell reads as it is written, in a spreadsheet opening the CSV exports and on a page. It
// runs while the files are read: build/data/plain-text.ts holds the rule, parse-csv.ts and parse-yaml.ts report it.
import { PLAIN_TEXT_CHECK } from '../data/file-checks.ts';
import type { CheckInfo } from './check.ts';

export const plainText: CheckInfo = {
  name: PLAIN_TEXT_CHECK,
  severity: 'error',
  description:
    'No cell begins with =, +, - or @ unless it is a number (a spreadsheet opening the CSV exports would run it as a ' +
    'formula), and none holds a bidi control (U+202A–202E, U+2066–2069), a zero-width character (U+200B–200F) or a ' +
    'byte-order mark (U+FEFF), which reorder or split the text a reader sees.',
};
