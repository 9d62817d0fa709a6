// The columns build/data/tables.ts declares that a CSV file does not have yet, added where the schema places them with
// an empty cell on every row (npm run fix): a new published field is one entry in the schema, not an edit of each row.

/**
 * The header and rows with every declared column the header lacks inserted at its place, and the names added; nothing
 * is added when the file is not the schema's columns in order with some left out (an unknown, misplaced or repeated
 * column), or when a row's cell count differs from its header's: the schema check reports those, a human decides.
 */
export function addDeclaredColumns(
  declared: readonly string[],
  header: readonly string[],
  rows: readonly string[][],
): { header: string[]; rows: string[][]; added: string[] } {
  const unchanged = { header: [...header], rows: rows.map((row) => [...row]), added: [] };
  const positions = header.map((name) => declared.indexOf(name));
  const inOrder = positions.every((position, i) => position !== -1 && (i === 0 || position > positions[i - 1]!));
  const added = declared.filter((name) => !header.includes(name));
  if (!inOrder || added.length === 0 || rows.some((row) => row.length !== header.length)) return unchanged;
  return {
    header: [...declared],
    rows: rows.map((row) => declared.map((name) => (header.includes(name) ? row[header.indexOf(name)]! : ''))),
    added,
  };
}
