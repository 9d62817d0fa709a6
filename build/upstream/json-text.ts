// Parses the JSON text of an upstream file: nesting deeper than a record ever is refused before the parse, and every
// failure is one plain line naming the file and, where it is known, the line and column.

/** Deepest nesting of arrays and objects read (OpenEV Data 1.24.0's deepest file, its schema.json, has 10). */
export const MAX_JSON_DEPTH = 64;

/** The 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return `${line}:${offset - start + 1}`;
}

/** The offset where nesting first goes deeper than `max` (strings skipped), or -1. */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > max) return i;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return -1;
}

/** The parsed value of `text`, read from `file`; throws a one-line Error naming the file (and where) otherwise. */
export function parseJsonText(text: string, file: string, max = MAX_JSON_DEPTH): unknown {
  const deep = tooDeepAt(text, max);
  if (deep !== -1)
    throw new Error(`${file}:${lineColumn(text, deep)}: JSON nested deeper than ${max} levels; not an upstream record`);
  try {
    return JSON.parse(text);
  } catch (error) {
    const raw = (error as Error).message;
    const position = /at position (\d+)/.exec(raw);
    const message = raw
      .replace(/ at position \d+/, '')
      .replace(/ \(line \d+ column \d+\)/, '')
      .replace(/\r?\n/g, '\\n')
      .slice(0, 200);
    const where = position ? `:${lineColumn(text, Number(position[1]))}` : '';
    throw new Error(`${file}${where}: not valid JSON (${message})`, { cause: error });
  }
}
