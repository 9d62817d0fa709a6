// What one OpenEV Data proposal offers a vehicle row: its figures as cells, each on its own, why it leaves figures out
// or reads them as it does, and how far each is from ours. A figure our own sources contradict (more than 5 % apart
// on a row of ours the record describes) is offered nowhere else: not to a new variant, not to another row, and not
// by the same record of another model year where it repeats the same figure (upstream copies records across years).
import type { Row } from '../data-files.ts';
import { IMPORTED_FIGURES, isOwnFigure, type ImportedFigure } from './ownership.ts';
import type { Proposal } from './propose.ts';

/** Two figures further apart than this (relative to ours) disagree. */
export const AGREEMENT_TOLERANCE = 0.05;

export interface Offer {
  proposal: Proposal;
  /** The figures the record gives, as cells, less those our own sources contradict elsewhere. */
  figures: Partial<Record<ImportedFigure, string>>;
  /** The variant's own fields (bidirectional), written only where the variant is the importer's. */
  variant: Row;
  /** Why a figure was left out, or read as it is (a voltage class). */
  whys: Partial<Record<ImportedFigure, string[]>>;
}

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
  const all: Record<ImportedFigure, string> = {
    battery_kwh_usable: cell(p.usable.value),
    architecture_voltage_v: cell(p.dc?.voltage.value),
    max_dc_kw_oem: cell(p.dc?.kw),
    max_ac_kw_oem: cell(p.ac.value?.kw),
    ac_phases: cell(p.ac.value?.phases),
  };
  const whys: Offer['whys'] = {};
  const why = (figure: ImportedFigure, text: string | undefined) => {
    if (text) whys[figure] = [...(whys[figure] ?? []), text];
  };
  why('battery_kwh_usable', p.usable.why);
  why('architecture_voltage_v', p.dc?.voltage.why);
  // The AC rule leaves out both figures (the power's why) or only the phase count.
  why(p.ac.value === null ? 'max_ac_kw_oem' : 'ac_phases', p.ac.why);
  const figures: Offer['figures'] = {};
  for (const figure of IMPORTED_FIGURES) {
    const value = all[figure];
    if (value === '') continue;
    const withheldWhy = withheld.get(withheldKey(p.record.path, figure));
    if (withheldWhy !== undefined) {
      why(figure, `${figure} left empty: ${withheldWhy}`);
      continue;
    }
    const ours = contradicted.get(contradictionKey(p.record.path, figure, value));
    if (ours === undefined) figures[figure] = value;
    else why(figure, `${figure} left empty: our own sources for ${ours} contradict the record's ${value}`);
  }
  return { proposal: p, figures, variant: { bidirectional: p.bidirectional.join(' ') }, whys };
}

/** How far apart two cells of a figure are, or null when they agree. */
export function disagreement(field: ImportedFigure, ours: string, theirs: string, p: Proposal): string | null {
  if (field === 'architecture_voltage_v' && p.dc?.voltageFromClass) {
    const classOf = (volts: number) => (volts > 500 ? '800v' : '400v');
    return classOf(Number(ours)) === classOf(Number(theirs)) ? null : `the ${classOf(Number(theirs))} class`;
  }
  if (field === 'ac_phases') return ours === theirs ? null : 'another phase count';
  const apart = Math.abs(Number(theirs) - Number(ours)) / Number(ours);
  return apart > AGREEMENT_TOLERANCE ? `${(apart * 100).toFixed(1)} % apart` : null;
}

/** The figures the offer gives that a row backs with our own sources (those citing only the importer's are its own). */
export const ownFiguresOffered = (row: Row, offer: Offer): ImportedFigure[] =>
  IMPORTED_FIGURES.filter((figure) => offer.figures[figure] !== undefined && isOwnFigure(row, figure));

/** Adds the figures of the offer that a row of ours contradicts (see Contradicted). */
export function addContradictions(row: Row, offer: Offer, into: Map<string, string>): void {
  for (const figure of ownFiguresOffered(row, offer)) {
    const [ours, theirs] = [row[figure] ?? '', offer.figures[figure]!];
    if (ours !== '' && disagreement(figure, ours, theirs, offer.proposal) !== null)
      into.set(contradictionKey(offer.proposal.record.path, figure, theirs), row.slug!);
  }
}
