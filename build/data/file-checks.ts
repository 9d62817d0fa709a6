// The three checks that run while data/ is read, as the reader reports them: "format" (encoding and line endings,
// checked here), "schema" (each file's shape and cells) and "plain-text" (cells that read as written, plain-text.ts),
// both reported by parse-csv.ts and parse-yaml.ts. Their registry entries, with what they check in words, are
// build/checks/format.ts, build/checks/schema.ts and build/checks/plain-text.ts.
import type { Problem } from './problems.ts';

export const FORMAT_CHECK = 'format';
export const SCHEMA_CHECK = 'schema';
export const PLAIN_TEXT_CHECK = 'plain-text';

/** The file's text (BOM removed) and its format problems; the text is read on whatever the problems. */
export function checkFormat(bytes: Buffer, file: string): { text: string; problems: Problem[] } {
  const problems: Problem[] = [];
  let text = bytes.toString('utf8');
  const position = (index: number) => {
    const before = text.slice(0, index);
    return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
  };
  if (text.charCodeAt(0) === 0xfeff) {
    problems.push({
      file,
      line: 1,
      column: 1,
      check: FORMAT_CHECK,
      message: 'file starts with a byte-order mark (BOM)',
      hint: 'save the file as UTF-8 without BOM, or run npm run fix',
    });
    text = text.slice(1);
  }
  if (text.includes('\uFFFD'))
    problems.push({
      file,
      ...position(text.indexOf('\uFFFD')),
      check: FORMAT_CHECK,
      message: 'file is not valid UTF-8',
    });
  const cr = text.indexOf('\r');
  if (cr !== -1) {
    const count = text.split('\r').length - 1;
    problems.push({
      file,
      ...position(cr),
      check: FORMAT_CHECK,
      message: `line ends with CR LF (${count} line(s) in this file); data files use LF line endings`,
      hint: 'run npm run fix',
    });
  }
  return { text, problems };
}
