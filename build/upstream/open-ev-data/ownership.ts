// What an OpenEV Data import writes into our rows and how a re-run takes it back: a vehicle row's figures, each with
// its own source column, the importer's source ids and note fragments, and the rows only they back.
import { VEHICLE_FIGURES, figureSourceColumn, type VehicleFigure } from '../../data/figure-sources.ts';
import type { ImportFiles, Row } from '../data-files.ts';
import { IMPORT_NOTE_FRAGMENT } from '../../data/import-notes.ts';
import { isOwnedSource } from './citations.ts';

/** The figures a record can give (the importer fills or cross-checks each alone; it never gives boost or one-phase A). */
export const IMPORTED_FIGURES = [
  'battery_kwh_usable',
  'architecture_voltage_v',
  'max_dc_kw_oem',
  'max_ac_kw_oem',
  'ac_phases',
] as const satisfies readonly VehicleFigure[];
export type ImportedFigure = (typeof IMPORTED_FIGURES)[number];

/** What the variant's own `source` backs besides the variant: written only on a row whose variant is the importer's. */
export const VARIANT_FIELDS = ['bidirectional'] as const;

export const ids = (cell: string | undefined) => (cell ?? '').split(' ').filter(Boolean);
export const join = (list: readonly string[]) => [...new Set(list)].join(' ');

/** A figure of the row is ours when its source column cites a source that is not the importer's. */
export const isOwnFigure = (row: Row, figure: VehicleFigure): boolean =>
  ids(row[figureSourceColumn(figure)]).some((id) => !isOwnedSource(id));

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
    const row: Row = { ...original, note: (original.note ?? '').replace(IMPORT_NOTE_FRAGMENT, '').trim() };
    let ours = 0;
    const takeIds = (column: string, backs: readonly string[]) => {
      const all = ids(row[column]);
      const kept = all.filter((id) => !isOwnedSource(id));
      if (kept.length < all.length && kept.length === 0) for (const field of backs) row[field] = '';
      row[column] = join(kept);
      ours += kept.length;
      return all.length > 0 && kept.length === 0;
    };
    if (takeIds('source', VARIANT_FIELDS)) created.add(row.slug!);
    for (const figure of VEHICLE_FIGURES) takeIds(figureSourceColumn(figure), [figure]);
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
