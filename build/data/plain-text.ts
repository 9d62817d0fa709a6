// What makes a cell's text read as it is written, in a spreadsheet and on a page: no leading character a spreadsheet
// takes for a formula (=, +, -, @; tab and CR are control characters, refused by cell-limits.ts) unless the cell is a
// number, and no invisible character that reorders or splits text (bidi controls, zero-width characters, BOM).
import { codePoint } from './cell-limits.ts';

/** The characters that begin a formula in a spreadsheet (OWASP, CSV injection), tab and CR included. */
export const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** Text a spreadsheet reads as a plain number, sign included (a number column's schema says how to write it). */
const NUMBER = /^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

// Bidi embeddings and overrides (U+202A–202E), bidi isolates (U+2066–2069), zero-width space, non-joiner and joiner,
// left-to-right and right-to-left marks (U+200B–200F), and the zero-width no-break space (U+FEFF, a BOM).
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/;

/** Why a cell's text would not read as written (a formula lead, an invisible character), or null when it does. */
export function plainTextProblem(text: string): string | null {
  const invisible = INVISIBLE.exec(text);
  if (invisible)
    return `holds the invisible character ${codePoint(invisible[0])} at character ${invisible.index + 1}; remove it (it reorders or splits the text)`;
  const trimmed = text.trim();
  if (FORMULA_LEAD.test(trimmed) && !NUMBER.test(trimmed))
    return `begins with "${trimmed[0]}", which a spreadsheet reads as a formula; reword it (only a number may begin with + or -)`;
  return null;
}
