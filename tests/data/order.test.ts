// The order of rows in the data files (build/data/order.ts): the fewest rows to move and where each belongs, and a
// row's name as its file shows it.
import { describe, expect, it } from 'vitest';
import { misplacedRows, ROW_ORDER, rowLabel } from '../../build/data/order.ts';

const keys = (...ids: string[]) => ids.map((id) => [id]);

describe('misplacedRows', () => {
  it('finds nothing to move in rows already in order, equal keys included', () => {
    expect(misplacedRows([])).toEqual([]);
    expect(misplacedRows(keys('a', 'b', 'b', 'c'))).toEqual([]);
  });

  it('moves one row for a one-line change, however far the others shifted, and says between which rows it goes', () => {
    const sorted = Array.from({ length: 300 }, (_, i) => `row-${String(i).padStart(3, '0')}`);
    // Row 286 written first: every other row is one line lower, yet only one row is out of place.
    const written = [sorted[286]!, ...sorted.filter((_, i) => i !== 286)];
    expect(misplacedRows(keys(...written))).toEqual([{ index: 0, after: 286, before: 287 }]);
  });

  it('says when a row goes first or last', () => {
    expect(misplacedRows(keys('b', 'c', 'a'))).toEqual([{ index: 2, after: null, before: 0 }]);
    expect(misplacedRows(keys('c', 'a', 'b'))).toEqual([{ index: 0, after: 2, before: null }]);
  });

  it('moves all but one of reversed rows, the same ones on every call', () => {
    const moved = misplacedRows(keys('d', 'c', 'b', 'a'));
    expect(moved.map((m) => m.index)).toEqual([0, 1, 2]);
    expect(misplacedRows(keys('d', 'c', 'b', 'a'))).toEqual(moved);
  });

  it('compares keys part by part: a regional row by its key, then its region', () => {
    const rows = [
      { vehicle: 'b-car', region: 'EU' },
      { vehicle: 'a-car', region: 'NA' },
      { vehicle: 'a-car', region: 'EU' },
    ].map(ROW_ORDER.vehicleRegions);
    expect(misplacedRows(rows).map((m) => m.index)).toEqual([0, 1]);
  });
});

describe('rowLabel', () => {
  it('names a row by the cells it sorts by, as written in the file', () => {
    expect(rowLabel('vehicles', { slug: 'kia-ev6-gt-2023-eu', brand: 'Kia' })).toBe('kia-ev6-gt-2023-eu');
    expect(rowLabel('chargerConnectors', { charger: 'amp-wall-22', region: 'EU', connector: 'type2' })).toBe(
      'amp-wall-22 EU type2',
    );
    expect(rowLabel('bestSellers', { region: 'NA', rank: 3 })).toBe('NA 3');
  });
});
