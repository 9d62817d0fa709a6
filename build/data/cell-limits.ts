// What any cell of data/ may hold, whatever its column, and how large a data file may be: limits that keep the build
// within its memory whatever a file holds, and characters that are never data. Each is reported where it stands.

/** Most characters in one cell (the longest note in data/ has about 1,200). */
export const MAX_CELL_CHARS = 4000;

/**
 * Largest data file read, by format. A YAML file's parse takes some 45 times its size in memory, and the build runs
 * in 128 MB, so YAML files stay far smaller than CSV files.
 */
export const MAX_FILE_BYTES = { csv: 16 * 1024 * 1024, yaml: 2 * 1024 * 1024 } as const;

// C0 controls (line feeds included: a cell is one line of text), DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A character as Unicode names it: U+0000. */
export const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a cell's text cannot be data (too long, or a control character in it), or null when it can. */
export function cellTextProblem(text: string): string | null {
  if (text.length > MAX_CELL_CHARS) return `holds ${text.length} characters; a cell holds at most ${MAX_CELL_CHARS}`;
  const control = CONTROL.exec(text);
  if (control)
    return `holds the control character ${codePoint(control[0])} at character ${control.index + 1}; remove it (it is never data)`;
  return null;
}

/** A file too large to read, as a message, or null. */
export function fileSizeProblem(bytes: number, file: string): string | null {
  const limit = file.endsWith('.csv') ? MAX_FILE_BYTES.csv : MAX_FILE_BYTES.yaml;
  if (bytes <= limit) return null;
  return `file is ${(bytes / 1024 / 1024).toFixed(1)} MiB; a ${file.endsWith('.csv') ? 'CSV' : 'YAML'} data file is at most ${limit / 1024 / 1024} MiB`;
}
