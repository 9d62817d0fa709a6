// The importer's rules that need more than one record: figures a record gives that other records, or our own sourced
// rows, show are another car's (a gross capacity given as usable, a figure left from before a model-year update, a
// figure copied across battery sizes), and the figures the maintainers withhold in mapping.yaml.
import { homeMarket } from '../../core/slugs.ts';
import type { Row } from '../data-files.ts';
import type { Mapping } from './mapping.ts';
import { AGREEMENT_TOLERANCE, withheldKey } from './offer.ts';
import { isOwnFigure } from './ownership.ts';
import type { VehicleFigure } from '../../data/figure-sources.ts';
import type { Proposal } from './propose.ts';

/** Record path and field → why the figure is not offered. */
export type WithheldFigures = Map<string, string>;

const agrees = (a: number, b: number) => Math.abs(a - b) / b <= AGREEMENT_TOLERANCE;

/** Our rows whose figure is backed by our own sources, with that figure, by brand and family. */
function ownFigures(rows: readonly Row[], field: VehicleFigure) {
  const byFamily = new Map<string, { row: Row; value: number }[]>();
  for (const row of rows) {
    const value = Number(row[field] ?? '');
    if (row[field] === '' || row[field] === undefined || !Number.isFinite(value)) continue;
    if (!isOwnFigure(row, field)) continue;
    const key = `${row.brand}|${row.family}`;
    byFamily.set(key, [...(byFamily.get(key) ?? []), { row, value }]);
  }
  return byFamily;
}

/**
 * Class "gross stored as usable": upstream writes some makers' published usable capacity as the gross and makes up a
 * lower "usable" one (Mercedes EQA/EQB 66.5 → 60). When a record's gross equals a usable capacity our own sources give
 * for a variant of the same family, the gross is that usable figure mislabelled, and the record's usable is not taken.
 */
export function grossGivenAsUsable(proposals: readonly Proposal[], rows: readonly Row[], into: WithheldFigures): void {
  const own = ownFigures(rows, 'battery_kwh_usable');
  for (const p of proposals) {
    const { gross, net } = p.record.battery;
    if (p.usable.value === null || gross === null) continue;
    const match = own.get(`${p.brand}|${p.family}`)?.find(({ value }) => value === gross);
    if (match)
      into.set(
        withheldKey(p.record.path, 'battery_kwh_usable'),
        `the record's gross ${gross} kWh is the usable capacity our own sources give ${match.row.slug}, so its usable ${net} kWh is not the maker's`,
      );
  }
}

/**
 * Class "stale after a model-year update": upstream copies a record into later model years without the update's
 * figures. When our own sources give a family's DC peaks for the latest model year up to the record's (same market),
 * all of them higher than the record's figure, while an earlier year of ours gives that figure, the figure is the
 * earlier cars': not taken.
 */
export function staleAfterModelYearUpdate(
  proposals: readonly Proposal[],
  rows: readonly Row[],
  into: WithheldFigures,
): void {
  const own = ownFigures(rows, 'max_dc_kw_oem');
  for (const p of proposals) {
    if (p.dc === null) continue;
    const kw = p.dc.kw;
    const year = p.record.year;
    const family = (own.get(`${p.brand}|${p.family}`) ?? []).filter(
      ({ row }) => Number(row.model_year) <= year && homeMarket(row.slug!, p.brand) === p.market,
    );
    if (family.length === 0) continue;
    const latest = Math.max(...family.map(({ row }) => Number(row.model_year)));
    const current = family.filter(({ row }) => Number(row.model_year) === latest);
    const earlier = family.find(({ row, value }) => Number(row.model_year) < latest && agrees(kw, value));
    // An update that raised every peak of ours that year: one that kept some lower peak is no evidence.
    if (earlier === undefined || current.some(({ value }) => value < kw || agrees(kw, value))) continue;
    const now = [...new Set(current.map(({ value }) => value))].sort((a, b) => a - b).join('/');
    into.set(
      withheldKey(p.record.path, 'max_dc_kw_oem'),
      `${kw} kW is the DC peak our own sources give ${earlier.row.slug}; for ${latest} they give ${now} kW (${current.map(({ row }) => row.slug).join(', ')})`,
    );
  }
}

/** How much larger another pack of the family must be for a shared DC peak to be a copied figure. */
export const LARGER_PACK = 1.15;

/**
 * Class "copied across battery sizes": upstream gives a family's smaller battery the DC peak of its larger one (Born
 * 58 kWh given the 77 kWh's 135 kW, Megane 40 kWh given the 60 kWh's 130 kW). Where our own sources give the family
 * more than one DC peak (its variants do not all charge alike), two records of one family and year giving the same
 * peak to packs at least 15 % apart are a copy: the smaller pack's figure is not taken. Where our own sources give the
 * family one peak, or none, a shared peak is taken (many makers give every pack the same peak).
 */
export function copiedAcrossBatterySizes(
  proposals: readonly Proposal[],
  rows: readonly Row[],
  into: WithheldFigures,
): void {
  const capacity = (p: Proposal) => p.record.battery.net ?? p.record.battery.gross;
  const peaksDependOnPack = new Set<string>();
  for (const [family, own] of ownFigures(rows, 'max_dc_kw_oem'))
    if (new Set(own.map(({ value }) => value)).size > 1) peaksDependOnPack.add(family);
  const families = new Map<string, Proposal[]>();
  for (const p of proposals) {
    if (p.dc === null || capacity(p) === null || !peaksDependOnPack.has(`${p.brand}|${p.family}`)) continue;
    const key = `${p.brand}|${p.family}|${p.record.year}`;
    families.set(key, [...(families.get(key) ?? []), p]);
  }
  for (const family of families.values())
    for (const small of family) {
      const large = family.find((p) => p.dc!.kw === small.dc!.kw && capacity(p)! >= capacity(small)! * LARGER_PACK);
      if (large)
        into.set(
          withheldKey(small.record.path, 'max_dc_kw_oem'),
          `the record gives its ${capacity(small)} kWh pack the ${small.dc!.kw} kW of ${large.record.path}, whose pack ` +
            `holds ${capacity(large)} kWh, where our own sources give this family more than one peak`,
        );
    }
}

/** The maintainers' withholdings (mapping.yaml `withhold`), each with its reason and sources. */
export function decidedWithholdings(mapping: Mapping, into: WithheldFigures): void {
  for (const w of mapping.withhold)
    for (const record of w.records)
      for (const field of w.fields) into.set(withheldKey(record, field), `${w.why} (${w.source.join(', ')})`);
}

/** Every figure withheld from the run's proposals: the rules above, then the maintainers' decisions. */
export function withheldFigures(
  proposals: readonly Proposal[],
  rows: readonly Row[],
  mapping: Mapping,
): WithheldFigures {
  const into: WithheldFigures = new Map();
  grossGivenAsUsable(proposals, rows, into);
  staleAfterModelYearUpdate(proposals, rows, into);
  copiedAcrossBatterySizes(proposals, rows, into);
  decidedWithholdings(mapping, into);
  return into;
}
