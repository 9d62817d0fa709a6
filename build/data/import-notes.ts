// The notes an import writes into a vehicle row: bracketed fragments, "[OpenEV Data <version>, <record>: …]", always at
// the end of the row's note, where a re-import removes them and writes them again (build/upstream/open-ev-data).
export const IMPORT_NOTE_FRAGMENT = /\s*\[OpenEV Data [^\]]*\]/g;

/** Whether a note has text of its own after the importer's fragments (a re-import would move that text before them). */
export function textAfterImportNotes(note: string): boolean {
  const fragments = [...note.matchAll(IMPORT_NOTE_FRAGMENT)];
  if (fragments.length === 0) return false;
  const last = fragments.at(-1)!;
  return note.slice(last.index + last[0].length).trim() !== '';
}
