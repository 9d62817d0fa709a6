// What one OpenEV Data proposal offers a vehicle row: its figures as cells by figure group, why it leaves figures out
// or reads them as it does, and how far each is from ours. A figure our own sources contradict (more than 5 % apart
// on a row of ours the record describes) is offered nowhere else: not to a new variant, not to another row, and not
// by the same record of another model year where it repeats the same figure (upstream copies records across years).
import type { Row } from '../data-files.ts';
import { isOwnedSource } from './citations.ts';
import { GROUPS, ids, type Group } from './ownership.ts';
import type { Proposal } from './propose.ts';

/** Two figures further apart than this (relative to ours) disagree. */
export const AGREEMENT_TOLERANCE = 0.05;

export interface Offer {
  proposal: Proposal;
  cells: Record<Group, Record<string, string>>;
  whys: Record<Group, string[]>;
}

const GROUP_OF: Record<string, Group> = {
  battery_kwh_usable: 'source',
  bidirectional: 'source',
  max_dc_kw_oem: 'dc_source',
  architecture_voltage_v: 'dc_source',
  max_ac_kw_oem: 'ac_source',
  ac_phases: 'ac_source',
};

/** The same record in every model year: src/tesla/model_y/2025/model_y.json → src/tesla/model_y/model_y.json. */
const acrossYears = (recordPath: string) => recordPath.replace(/\/\d{4}\//, '/');

/** Where our own sources contradict a figure: the record (any year), field and value → the row of ours that does. */
export type Contradicted = ReadonlyMap<string, string>;
export const contradictionKey = (recordPath: string, field: string, value: string) =>
  `${acrossYears(recordPath)} ${field} ${value}`;

/** Figures a rule or a maintainer's decision withholds (cross-checks.ts): record path and field → why. */
export type Withheld = ReadonlyMap<string, string>;
export const withheldKey = (recordPath: string, field: string) => `${recordPath} ${field}`;

/** The proposal's offer, less the figures our own sources contradict and those withheld. */
export function offerOf(p: Proposal, contradicted: Contradicted = new Map(), withheld: Withheld = new Map()): Offer {
  const cell = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const all: Record<string, string> = {
    battery_kwh_usable: cell(p.usable.value),
    bidirectional: p.bidirectional.join(' '),
    max_dc_kw_oem: cell(p.dc?.kw),
    architecture_voltage_v: cell(p.dc?.voltage.value),
    max_ac_kw_oem: cell(p.ac.value?.kw),
    ac_phases: cell(p.ac.value?.phases),
  };
  const cells = { source: {}, dc_source: {}, ac_source: {} } as Record<Group, Record<string, string>>;
  const whys: Record<Group, string[]> = {
    source: p.usable.why ? [p.usable.why] : [],
    dc_source: p.dc?.voltage.why ? [p.dc.voltage.why] : [],
    ac_source: p.ac.why ? [p.ac.why] : [],
  };
  for (const [field, value] of Object.entries(all)) {
    if (value === '') continue;
    const group = GROUP_OF[field]!;
    const why = withheld.get(withheldKey(p.record.path, field));
    if (why !== undefined) {
      whys[group].push(`${field} left empty: ${why}`);
      continue;
    }
    const ours = contradicted.get(contradictionKey(p.record.path, field, value));
    if (ours === undefined) cells[group][field] = value;
    else whys[group].push(`${field} left empty: our own sources for ${ours} contradict the record's ${value}`);
  }
  return { proposal: p, cells, whys };
}

/** How far apart two cells of a field are, or null when they agree. */
export function disagreement(field: string, ours: string, theirs: string, p: Proposal): string | null {
  if (field === 'bidirectional') return null;
  if (field === 'architecture_voltage_v' && p.dc?.voltageFromClass) {
    const classOf = (volts: number) => (volts > 500 ? '800v' : '400v');
    return classOf(Number(ours)) === classOf(Number(theirs)) ? null : `the ${classOf(Number(theirs))} class`;
  }
  if (field === 'ac_phases') return ours === theirs ? null : 'another phase count';
  const apart = Math.abs(Number(theirs) - Number(ours)) / Number(ours);
  return apart > AGREEMENT_TOLERANCE ? `${(apart * 100).toFixed(1)} % apart` : null;
}

/** The groups of a row our own sources back (those citing only the importer's are its own doing). */
export const ownGroups = (row: Row): Group[] =>
  GROUPS.filter((group) => {
    const cited = ids(row[group]);
    return cited.length > 0 && !cited.every(isOwnedSource);
  });

/** Adds the figures of the offer that a row of ours contradicts (see Contradicted). */
export function addContradictions(row: Row, offer: Offer, into: Map<string, string>): void {
  for (const group of ownGroups(row))
    for (const [field, theirs] of Object.entries(offer.cells[group])) {
      const ours = row[field] ?? '';
      if (ours !== '' && disagreement(field, ours, theirs, offer.proposal) !== null)
        into.set(contradictionKey(offer.proposal.record.path, field, theirs), row.slug!);
    }
}
