// addDeclaredColumns: a column the schema declares and the file lacks is added in place, empty on every row; a file
// that is not the schema's columns in order (or whose rows do not match its header) is left for the schema check.
import { describe, expect, it } from 'vitest';
import { addDeclaredColumns } from '../../build/data/declared-columns.ts';

const DECLARED = ['slug', 'kw', 'kw_source', 'note'];

describe('addDeclaredColumns', () => {
  it('inserts each missing column where the schema places it, with an empty cell on every row', () => {
    expect(
      addDeclaredColumns(
        DECLARED,
        ['slug', 'note'],
        [
          ['a', 'first'],
          ['b', ''],
        ],
      ),
    ).toEqual({
      header: DECLARED,
      rows: [
        ['a', '', '', 'first'],
        ['b', '', '', ''],
      ],
      added: ['kw', 'kw_source'],
    });
  });

  it('adds a column at the end, and to a file with no rows', () => {
    expect(addDeclaredColumns(DECLARED, ['slug', 'kw', 'kw_source'], [])).toEqual({
      header: DECLARED,
      rows: [],
      added: ['note'],
    });
  });

  it('changes nothing when every column is there', () => {
    expect(addDeclaredColumns(DECLARED, DECLARED, [['a', '1', 's', '']]).added).toEqual([]);
  });

  it('leaves an unknown, misplaced or repeated column, and a row of another length, to the schema check', () => {
    const unchanged = (header: string[], rows: string[][]) => {
      const result = addDeclaredColumns(DECLARED, header, rows);
      expect(result).toEqual({ header, rows, added: [] });
    };
    unchanged(['slug', 'colour'], [['a', 'red']]);
    unchanged(['note', 'slug'], [['x', 'a']]);
    unchanged(['slug', 'slug'], [['a', 'a']]);
    unchanged(['slug', 'note'], [['a', 'x', 'extra']]);
    unchanged(['slug', 'note'], [['a']]);
  });
});
