// The order rows keep in each data file (checked by "sorted-rows", applied by npm run fix): one definition for both.
import { regionRank } from '../core/regions.ts';
import type { TableName } from './tables.ts';

type Key = (string | number)[];
/** A cell as text: typed rows hold strings, numbers or null here, raw rows strings. */
const text = (row: Record<string, unknown>, field: string) =>
  String((row[field] as string | number | null | undefined) ?? '');
const region = (row: Record<string, unknown>) => regionRank(text(row, 'region'));

/** Sort key of a row (typed or raw cells), by table. Regions sort in the published order (core/regions.ts). */
export const ROW_ORDER: Record<TableName, (row: Record<string, unknown>) => Key> = {
  sources: (r) => [text(r, 'id')],
  connectors: (r) => [text(r, 'id')],
  protocols: (r) => [text(r, 'id')],
  adapters: (r) => [text(r, 'id')],
  vehicles: (r) => [text(r, 'slug')],
  chargers: (r) => [text(r, 'slug')],
  vehicleRegions: (r) => [text(r, 'vehicle'), region(r)],
  chargerConnectors: (r) => [text(r, 'charger'), region(r), text(r, 'connector')],
  observations: (r) => [text(r, 'vehicle'), text(r, 'charger'), region(r)],
  bestSellers: (r) => [region(r), Number(r['rank'] ?? 0)],
  aliases: (r) => [text(r, 'kind'), text(r, 'old_slug')],
  platforms: (r) => [text(r, 'slug')],
  networks: (r) => [text(r, 'slug')],
  networkRegions: (r) => [text(r, 'network'), region(r)],
  networkChargers: (r) => [text(r, 'network'), region(r), text(r, 'charger')],
  platformMembers: (r) => [text(r, 'platform'), text(r, 'brand'), text(r, 'family'), Number(r['model_year_from'] ?? 0)],
};

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
