// Check "import-notes": a vehicle's own note text comes before the importer's bracketed notes, which a re-import of
// OpenEV Data takes back and writes again at the end (build/data/import-notes.ts): text after them would move.
import { textAfterImportNotes } from '../data/import-notes.ts';
import type { TableCheck } from './check.ts';

const NAME = 'import-notes';

export const importNotes: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    "A vehicle's note keeps the importer's bracketed notes ([OpenEV Data …]) at its end, its own text before them: " +
    'a re-import writes them again at the end, so text after them would move.',
  check: (t) =>
    t.vehicles
      .filter((row) => row.value.note !== null && textAfterImportNotes(row.value.note))
      .map((row) => ({
        ...row.at('note'),
        check: NAME,
        message: "text after the importer's note [OpenEV Data …]: a re-import would move it before that note",
        hint: "put your text before the bracketed [OpenEV Data …] notes, which stay at the note's end",
      })),
};
