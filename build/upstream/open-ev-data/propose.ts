// What one OpenEV Data record proposes for our tables: per home market, the variant (slug, names, figures under the
// importer's rules) and its region rows with inlets by our domain rules, never by the upstream port field alone.
import type { Region } from '../../core/regions.ts';
import { brandSlug, slugPart } from '../../core/slugs.ts';
import type { ExtractRecord } from './extract.ts';
import { naInlets, type Mapping } from './mapping.ts';
import {
  acFigures,
  chademoInlet,
  hasDc,
  marketGroups,
  notABatteryElectricCar,
  packVoltage,
  usableCapacity,
  type AcFigures,
  type Taken,
} from './rules.ts';

export interface RegionRowProposal {
  region: Region;
  ac_inlet: string;
  dc_inlet: string;
  /** Sources of the inlet rule the row follows (North America), besides the record's. */
  inletSources: string[];
}

export interface Proposal {
  record: ExtractRecord;
  market: Region;
  slug: string;
  brand: string;
  family: string;
  trim: string;
  regions: RegionRowProposal[];
  usable: Taken<number>;
  /** Null when the record cannot charge on DC. */
  dc: { kw: number; voltage: Taken<number>; voltageFromClass: boolean } | null;
  ac: Taken<AcFigures>;
  bidirectional: string[];
}

export interface Skipped {
  record: string;
  market: Region | null;
  reason: string;
}

/**
 * The trim as our rows name it: a variant that inherits its base's trim is named by the variant alone (the base's trim
 * is the base record's); one with a trim of its own by both, unless one contains the other; "Base" is dropped next to
 * a variant name; a trim the family name already holds is dropped.
 */
export function trimName(record: ExtractRecord, family: string): string {
  const { trim, variant } = record;
  let name = trim;
  if (variant !== null) {
    const [a, b] = [trim.toLowerCase(), variant.toLowerCase()];
    if (record.inherited_trim || trim === 'Base' || b.includes(a)) name = variant;
    else if (!a.includes(b)) name = `${trim} ${variant}`;
  }
  // A trim the family name already says (iX3 of the iX3, RS of the Elroq RS) adds nothing.
  return ` ${family.toLowerCase()} `.includes(` ${name.toLowerCase()} `) ? '' : name;
}

/** The rows a record proposes, one per home market, and what it proposes nothing for (with why). */
export function proposeRecord(record: ExtractRecord, mapping: Mapping): { proposals: Proposal[]; skipped: Skipped[] } {
  const notACar = notABatteryElectricCar(record);
  if (notACar) return { proposals: [], skipped: [{ record: record.path, market: null, reason: notACar }] };
  const groups = marketGroups(record);
  if (groups.length === 0)
    return { proposals: [], skipped: [{ record: record.path, market: null, reason: 'not on sale in our regions' }] };
  const brand = mapping.brands[record.make.slug] ?? record.make.name;
  const family = mapping.families[`${record.make.slug}/${record.model.slug}`] ?? record.model.name;
  const trim = trimName(record, family);
  const dc = hasDc(record);
  const voltage = packVoltage(record);
  const proposals: Proposal[] = [];
  const skipped: Skipped[] = [];
  for (const { market, regions } of groups) {
    const rows: RegionRowProposal[] = [];
    for (const region of regions) {
      if (region !== 'NA') {
        rows.push({
          region,
          ac_inlet: 'type2',
          dc_inlet: dc ? (chademoInlet(record) ? 'chademo' : 'ccs2') : '',
          inletSources: [],
        });
        continue;
      }
      const rule = naInlets(mapping.na_inlets, brand, family, record.year);
      if (rule)
        rows.push({ region, ac_inlet: rule.ac_inlet, dc_inlet: dc ? rule.dc_inlet : '', inletSources: rule.source });
    }
    if (rows.length === 0) {
      skipped.push({
        record: record.path,
        market,
        reason: `no sourced North American inlet rule for ${brand} ${family} ${record.year} (mapping.yaml na_inlets)`,
      });
      continue;
    }
    proposals.push({
      record,
      market,
      slug: [brandSlug(brand), slugPart(family), slugPart(trim), String(record.year), market.toLowerCase()]
        .filter(Boolean)
        .join('-'),
      brand,
      family,
      trim,
      regions: rows,
      usable: usableCapacity(record),
      dc: dc ? { kw: record.dc!.max_kw, voltage, voltageFromClass: voltage.why !== undefined } : null,
      ac: acFigures(record, market),
      bidirectional: record.v2x,
    });
  }
  return { proposals, skipped };
}
