// What an OpenEV Data import writes into our rows and how a re-run takes it back: the figure groups of a vehicle
// row, the importer's source ids and note fragments, and the rows only they back.
import type { ImportFiles, Row } from '../data-files.ts';
import { isOwnedSource } from './citations.ts';

/** A vehicle row's source columns and the figures each backs: the unit in which the importer fills or cross-checks. */
export const FACT_GROUPS = {
  source: ['battery_kwh_usable', 'bidirectional'],
  dc_source: ['architecture_voltage_v', 'max_dc_kw_oem', 'boost_dc_kw'],
  ac_source: ['max_ac_kw_oem', 'ac_phases', 'ac_one_phase_a'],
} as const;
export type Group = keyof typeof FACT_GROUPS;
export const GROUPS = Object.keys(FACT_GROUPS) as Group[];

/** The importer's notes are bracketed fragments starting so; a re-import removes them and writes them again. */
export const NOTE_FRAGMENT = /\s*\[OpenEV Data [^\]]*\]/g;

export const ids = (cell: string | undefined) => (cell ?? '').split(' ').filter(Boolean);
export const join = (list: readonly string[]) => [...new Set(list)].join(' ');
/**
 * Removes what an earlier import wrote: owned ids, the figures only they backed, notes, and the rows only they backed
 * (a region row of the importer also cites the sources of the inlet rule it follows, `ruleSources`). `created` names
 * the rows the importer made (their variant rests on its record alone), kept when a figure of ours was added since:
 * such a row is still the importer's variant, not a variant of ours, so it leaves its siblings to the importer.
 */
export function takeBack(
  files: ImportFiles,
  ruleSources: ReadonlySet<string>,
): { vehicles: Row[]; regions: Row[]; dropped: string[]; created: Set<string> } {
  const dropped: string[] = [];
  const created = new Set<string>();
  const vehicles = files.vehicles.flatMap((original) => {
    const variantSources = ids(original.source);
    if (variantSources.length > 0 && variantSources.every(isOwnedSource)) created.add(original.slug!);
    const row: Row = { ...original, note: (original.note ?? '').replace(NOTE_FRAGMENT, '').trim() };
    let ours = 0;
    for (const group of GROUPS) {
      const all = ids(row[group]);
      const kept = all.filter((id) => !isOwnedSource(id));
      if (kept.length < all.length && kept.length === 0) for (const field of FACT_GROUPS[group]) row[field] = '';
      row[group] = join(kept);
      ours += kept.length;
    }
    if (ours > 0) return [row];
    dropped.push(row.slug!);
    return [];
  });
  const regions = files.vehicleRegions.flatMap((original) => {
    const all = ids(original.source);
    const kept = all.filter((id) => !isOwnedSource(id));
    const imported = kept.length < all.length && kept.every((id) => ruleSources.has(id));
    return imported ? [] : [{ ...original, source: join(kept) }];
  });
  return { vehicles, regions, dropped, created };
}
