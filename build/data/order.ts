// The order rows keep in each data file (checked by "sorted-rows", applied by npm run fix): one definition for both,
// with the rows a file must move to be in order (the fewest) and where each belongs.
import { regionRank } from '../core/regions.ts';
import type { TableName } from './tables.ts';

type Key = (string | number)[];
/** A cell as text: typed rows hold strings, numbers or null here, raw rows strings. */
const text = (row: Record<string, unknown>, field: string) =>
  String((row[field] as string | number | null | undefined) ?? '');

/** One field a table sorts by: text by code point, a region in the published order, or a number. */
interface SortField {
  field: string;
  as?: 'region' | 'number';
}
const by = (...fields: (string | SortField)[]): SortField[] =>
  fields.map((field) => (typeof field === 'string' ? { field } : field));
const region: SortField = { field: 'region', as: 'region' };

/** The fields each table sorts by, in order. Regions sort in the published order (core/regions.ts). */
const SORT_FIELDS: Record<TableName, readonly SortField[]> = {
  sources: by('id'),
  connectors: by('id'),
  protocols: by('id'),
  adapters: by('id'),
  vehicles: by('slug'),
  chargers: by('slug'),
  vehicleRegions: by('vehicle', region),
  chargerConnectors: by('charger', region, 'connector'),
  observations: by('vehicle', 'charger', region),
  bestSellers: by(region, { field: 'rank', as: 'number' }),
  aliases: by('kind', 'old_slug'),
  platforms: by('slug'),
  networks: by('slug'),
  networkRegions: by('network', region),
  networkChargers: by('network', region, 'charger'),
  platformMembers: by('platform', 'brand', 'family', { field: 'model_year_from', as: 'number' }),
};

const keyPart = (row: Record<string, unknown>, { field, as }: SortField): string | number =>
  as === 'region' ? regionRank(text(row, field)) : as === 'number' ? Number(row[field] ?? 0) : text(row, field);

/** Sort key of a row (typed or raw cells), by table. */
export const ROW_ORDER = Object.fromEntries(
  Object.entries(SORT_FIELDS).map(([table, fields]) => [
    table,
    (row: Record<string, unknown>): Key => fields.map((field) => keyPart(row, field)),
  ]),
) as Record<TableName, (row: Record<string, unknown>) => Key>;

/** A row as a contributor finds it in its file: the cells it sorts by, e.g. "kia-ev6-gt-2023-eu NA". */
export const rowLabel = (table: TableName, row: Record<string, unknown>): string =>
  SORT_FIELDS[table].map(({ field }) => text(row, field)).join(' ');

/** Compares two keys element by element (strings by code point, so the order is the same on every machine). */
export function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** A row that must move for its file to be in order, and the rows that stay in place on either side of where it goes. */
export interface Misplaced {
  index: number;
  /** The last row staying in place that sorts before it (null: it goes first). */
  after: number | null;
  /** The first row staying in place that sorts after it (null: it goes last). */
  before: number | null;
}

/**
 * The fewest rows to move to put `keys` in order (those outside one longest run already in order, the same run on
 * every call), each with where it belongs: a one-line change moves one row, however far the rows after it shift.
 */
export function misplacedRows(keys: readonly Key[]): Misplaced[] {
  // Longest non-decreasing subsequence (equal keys keep their order, as the stable sort does): piles[k] is the index
  // ending the best run of length k + 1 found so far, previous[i] the index before i in i's run.
  const piles: number[] = [];
  const previous: (number | null)[] = [];
  keys.forEach((key, i) => {
    let low = 0;
    let high = piles.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareKeys(keys[piles[middle]!]!, key) <= 0) low = middle + 1;
      else high = middle;
    }
    previous[i] = low > 0 ? piles[low - 1]! : null;
    piles[low] = i;
  });
  const kept: number[] = [];
  for (let i: number | null = piles.at(-1) ?? null; i !== null; i = previous[i]!) kept.unshift(i);
  const inPlace = new Set(kept);
  const misplaced: Misplaced[] = [];
  keys.forEach((key, index) => {
    if (inPlace.has(index)) return;
    // The kept rows are in order: the first that sorts after this row is where it goes.
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareKeys(keys[kept[middle]!]!, key) <= 0) low = middle + 1;
      else high = middle;
    }
    misplaced.push({ index, after: low > 0 ? kept[low - 1]! : null, before: kept[low] ?? null });
  });
  return misplaced;
}
