// The "import-notes" check (build/checks/import-notes.ts): text after the importer's bracketed notes, at the note cell.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { importNotes } from '../../build/checks/import-notes.ts';
import { cleanTables } from '../helpers/check-tables.ts';
import { column, located, vehicle } from '../helpers/rows.ts';

const FRAGMENT = '[OpenEV Data 1.24.0, src/test/car/2024/car.json: fills battery_kwh_usable]';

describe('import-notes', () => {
  it('passes notes with no importer fragment, or with their own text before the fragments', () => {
    const t = cleanTables();
    t.vehicles.push(
      located('vehicles', 3, vehicle({ slug: 'a-2024-eu', note: 'Our own words.' })),
      located('vehicles', 4, vehicle({ slug: 'b-2024-eu', note: `Our own words. ${FRAGMENT} ${FRAGMENT}` })),
      located('vehicles', 5, vehicle({ slug: 'c-2024-eu', note: FRAGMENT })),
    );
    expect(importNotes.check(t, NOTHING_PUBLISHED)).toEqual([]);
  });

  it("reports text after the importer's fragment at the note column, with the fix", () => {
    const t = cleanTables();
    t.vehicles.push(
      located('vehicles', 6, vehicle({ slug: 'd-2024-eu', note: `Before. ${FRAGMENT} Boost yes: a source.` })),
    );
    expect(importNotes.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: 'data/vehicles.csv',
        line: 6,
        column: column('vehicles', 'note'),
        check: 'import-notes',
        message: "text after the importer's note [OpenEV Data …]: a re-import would move it before that note",
        hint: "put your text before the bracketed [OpenEV Data …] notes, which stay at the note's end",
      },
    ]);
  });
});
