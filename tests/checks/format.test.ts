// The "format" check (build/checks/format.ts, run by build/data/file-checks.ts while each file is read): UTF-8 without
// a byte-order mark, LF line endings, each reported once per file at its first place, the text read on regardless.
import { describe, expect, it } from 'vitest';
import { format } from '../../build/checks/format.ts';
import { checkFormat } from '../../build/data/file-checks.ts';

const F = 'data/vehicles.csv';
const read = (text: string | Buffer) => checkFormat(Buffer.isBuffer(text) ? text : Buffer.from(text), F);

describe('format', () => {
  it('passes UTF-8 text with LF line endings, as it is', () => {
    expect(read('slug,brand\ncitroën-ë-c4,Citroën\n')).toEqual({
      text: 'slug,brand\ncitroën-ë-c4,Citroën\n',
      problems: [],
    });
  });

  it('reports a byte-order mark at 1:1 with the fix, and reads the text without it', () => {
    expect(read('\uFEFFslug\nx\n')).toEqual({
      text: 'slug\nx\n',
      problems: [
        {
          file: F,
          line: 1,
          column: 1,
          check: format.name,
          message: 'file starts with a byte-order mark (BOM)',
          hint: 'save the file as UTF-8 without BOM, or run npm run fix',
        },
      ],
    });
  });

  it('reports CR LF once, at the first one, counting the lines', () => {
    expect(read('slug,brand\r\nx,y\r\n').problems).toEqual([
      {
        file: F,
        line: 1,
        column: 11,
        check: 'format',
        message: 'line ends with CR LF (2 line(s) in this file); data files use LF line endings',
        hint: 'run npm run fix',
      },
    ]);
  });

  it('reports bytes that are not UTF-8 at the first of them', () => {
    const bytes = Buffer.concat([Buffer.from('slug\nab'), Buffer.from([0xff]), Buffer.from('\n')]);
    expect(read(bytes).problems).toEqual([
      { file: F, line: 2, column: 3, check: 'format', message: 'file is not valid UTF-8' },
    ]);
  });
});
