// How one OpenEV Data proposal changes our rows: a new variant, or an existing one whose figure groups without a
// source of ours are filled and whose others are cross-checked (over 5 % apart: noted, ours stands; else cited).
import type { Region } from '../../core/regions.ts';
import type { Row } from '../data-files.ts';
import { isOwnedSource, type OwnedSource, type RecordCitations } from './citations.ts';
import { GROUPS, ids, join, type Group } from './ownership.ts';
import type { Proposal } from './propose.ts';

/** Two figures further apart than this (relative to ours) disagree. */
export const AGREEMENT_TOLERANCE = 0.05;

export type Finding =
  | { kind: 'created'; record: string; vehicle: string }
  | { kind: 'matched'; record: string; vehicle: string }
  | { kind: 'filled'; record: string; vehicle: string; fields: string[] }
  | { kind: 'agreed'; record: string; vehicle: string; fields: string[] }
  | { kind: 'conflict'; record: string; vehicle: string; field: string; ours: string; theirs: string; apart: string }
  | { kind: 'not-filled'; record: string; vehicle: string; field: string; theirs: string }
  | { kind: 'region'; record: string; vehicle: string; region: Region }
  | { kind: 'skipped'; record: string; market: Region | null; reason: string }
  | { kind: 'undecided'; record: string; market: Region; slug: string; existing: string[] }
  | { kind: 'dropped'; vehicle: string }
  | { kind: 'error'; record: string; message: string };

/** The proposal's figures, by group, as cells (only those it gives). */
function proposedCells(p: Proposal): Record<Group, Record<string, string>> {
  const cell = (value: number | null | undefined) =>
    value === null || value === undefined ? undefined : String(value);
  const cells = {
    source: { battery_kwh_usable: cell(p.usable.value), bidirectional: p.bidirectional.join(' ') || undefined },
    dc_source: p.dc ? { max_dc_kw_oem: cell(p.dc.kw), architecture_voltage_v: cell(p.dc.voltage.value) } : {},
    ac_source: p.ac.value ? { max_ac_kw_oem: cell(p.ac.value.kw), ac_phases: cell(p.ac.value.phases) } : {},
  };
  const given = (o: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined));
  return { source: given(cells.source), dc_source: given(cells.dc_source), ac_source: given(cells.ac_source) };
}

/** Why the proposal leaves out or reads a figure as it does, for the figures of these groups. */
function whys(p: Proposal, groups: readonly Group[]): string[] {
  const byGroup: Record<Group, (string | undefined)[]> = {
    source: [p.usable.why],
    dc_source: [p.dc?.voltage.why],
    ac_source: [p.ac.why],
  };
  return groups.flatMap((group) => byGroup[group].filter((why): why is string => why !== undefined));
}

/** How far apart two cells of a field are, or null when they agree. */
function disagreement(field: string, ours: string, theirs: string, p: Proposal): string | null {
  if (field === 'bidirectional') return null;
  if (field === 'architecture_voltage_v' && p.dc?.voltageFromClass) {
    const classOf = (volts: number) => (volts > 500 ? '800v' : '400v');
    return classOf(Number(ours)) === classOf(Number(theirs)) ? null : `the ${classOf(Number(theirs))} class`;
  }
  if (field === 'ac_phases') return ours === theirs ? null : 'another phase count';
  const apart = Math.abs(Number(theirs) - Number(ours)) / Number(ours);
  return apart > AGREEMENT_TOLERANCE ? `${(apart * 100).toFixed(1)} % apart` : null;
}

/** One run's state the row updates share: the version cited, the findings, the importer's sources cited so far. */
export interface Context {
  version: string;
  findings: Finding[];
  cited: Map<string, OwnedSource>;
}

function cite(ctx: Context, citations: RecordCitations): string[] {
  for (const source of [citations.record, ...citations.documents]) ctx.cited.set(source.id, source);
  return citations.ids;
}

const fragment = (ctx: Context, p: Proposal, text: string) => `[OpenEV Data ${ctx.version}, ${p.record.path}: ${text}]`;

/**
 * Compares the record's figures with a group our own sources back. Over 5 % apart is a conflict (ours stands; the
 * returned note says so); otherwise the record is cited beside ours when at least one figure agrees. Empty cells of
 * ours are listed for a maintainer, never filled.
 */
function crossCheck(
  row: Row,
  group: Group,
  cells: Record<string, string>,
  p: Proposal,
  citations: RecordCitations,
  ctx: Context,
): string | null {
  const base = { record: p.record.path, vehicle: row.slug! };
  const agreed: string[] = [];
  const conflicts: string[] = [];
  for (const [field, theirs] of Object.entries(cells)) {
    const ours = row[field] ?? '';
    if (field === 'bidirectional') continue;
    if (ours === '') {
      ctx.findings.push({ kind: 'not-filled', ...base, field, theirs });
      continue;
    }
    const apart = disagreement(field, ours, theirs, p);
    if (apart === null) agreed.push(field);
    else {
      conflicts.push(`${field} ${theirs} against ${ours} here (${apart})`);
      ctx.findings.push({ kind: 'conflict', ...base, field, ours, theirs, apart });
    }
  }
  if (conflicts.length > 0) return `${conflicts.join('; ')}: this row's own sources stand`;
  if (agreed.length > 0) {
    row[group] = join([...ids(row[group]), ...cite(ctx, citations)]);
    ctx.findings.push({ kind: 'agreed', ...base, fields: agreed });
  }
  return null;
}

/** Fills the groups of an existing row that no source backs; cross-checks those our own sources back. */
export function applyToExisting(row: Row, p: Proposal, citations: RecordCitations, ctx: Context): void {
  const proposed = proposedCells(p);
  const notes: string[] = [];
  const filled: Group[] = [];
  ctx.findings.push({ kind: 'matched', record: p.record.path, vehicle: row.slug! });
  for (const group of GROUPS) {
    const cells = proposed[group];
    const fields = Object.keys(cells);
    const cited = ids(row[group]);
    if (fields.length === 0) continue;
    if (cited.length === 0) {
      for (const field of fields) row[field] = cells[field]!;
      row[group] = join(cite(ctx, citations));
      filled.push(group);
      ctx.findings.push({ kind: 'filled', record: p.record.path, vehicle: row.slug!, fields });
    } else if (!cited.every(isOwnedSource)) {
      // (A group citing only the importer's sources was filled in this run from another record: that one stands.)
      const conflict = crossCheck(row, group, cells, p, citations, ctx);
      if (conflict) notes.push(conflict);
    }
  }
  if (filled.length > 0) {
    const reasons = whys(p, filled);
    const fields = filled.flatMap((g) => Object.keys(proposed[g])).join(', ');
    notes.push(`fills ${fields}${reasons.length ? ` (${reasons.join('; ')})` : ''}`);
  }
  if (notes.length > 0) row.note = [row.note, fragment(ctx, p, notes.join('; '))].filter(Boolean).join(' ');
}

export function newVehicle(p: Proposal, citations: RecordCitations, ctx: Context): Row {
  const proposed = proposedCells(p);
  const row: Row = { slug: p.slug, brand: p.brand, family: p.family, trim: p.trim, model_year: String(p.record.year) };
  for (const group of GROUPS) {
    Object.assign(row, proposed[group]);
    const given = Object.keys(proposed[group]).length > 0 || group === 'source';
    row[group] = given ? join(cite(ctx, citations)) : '';
  }
  const reasons = whys(p, GROUPS);
  row.note = fragment(ctx, p, `imported${reasons.length ? `; ${reasons.join('; ')}` : ''}`);
  return row;
}

/** Adds the region rows the proposal gives that the vehicle does not have yet. */
export function addRegions(
  row: Row,
  p: Proposal,
  citations: RecordCitations,
  ctx: Context,
  regions: Row[],
  keys: Set<string>,
) {
  for (const proposal of p.regions) {
    const key = `${row.slug} ${proposal.region}`;
    if (keys.has(key)) continue;
    keys.add(key);
    regions.push({
      vehicle: row.slug!,
      region: proposal.region,
      ac_inlet: proposal.ac_inlet,
      dc_inlet: proposal.dc_inlet,
      source: join([...cite(ctx, citations), ...proposal.inletSources]),
    });
    ctx.findings.push({ kind: 'region', record: p.record.path, vehicle: row.slug!, region: proposal.region });
  }
}
