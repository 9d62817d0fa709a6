// How one OpenEV Data proposal changes our rows: a new variant, or an existing one whose figure groups without a
// source are filled and whose groups our own sources back are cross-checked (over 5 % apart: noted, ours stands;
// else the record is cited beside ours).
import type { Region } from '../../core/regions.ts';
import type { Row } from '../data-files.ts';
import type { OwnedSource, RecordCitations } from './citations.ts';
import { disagreement, ownGroups, type Offer } from './offer.ts';
import { GROUPS, ids, join, type Group } from './ownership.ts';
import type { Proposal } from './propose.ts';

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
function crossCheck(row: Row, group: Group, offer: Offer, citations: RecordCitations, ctx: Context): string | null {
  const base = { record: offer.proposal.record.path, vehicle: row.slug! };
  const agreed: string[] = [];
  const conflicts: string[] = [];
  for (const [field, theirs] of Object.entries(offer.cells[group])) {
    const ours = row[field] ?? '';
    if (field === 'bidirectional') continue;
    if (ours === '') {
      ctx.findings.push({ kind: 'not-filled', ...base, field, theirs });
      continue;
    }
    const apart = disagreement(field, ours, theirs, offer.proposal);
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

/**
 * Fills the groups of an existing row that no source backs (from `offer`, which leaves out what our sources
 * contradict elsewhere) and cross-checks those our own sources back (against everything the record gives, `full`).
 */
export function applyToExisting(row: Row, full: Offer, offer: Offer, citations: RecordCitations, ctx: Context): void {
  const p = offer.proposal;
  const notes: string[] = [];
  const filled: Group[] = [];
  const own = ownGroups(row);
  ctx.findings.push({ kind: 'matched', record: p.record.path, vehicle: row.slug! });
  for (const group of GROUPS) {
    const fields = Object.keys(offer.cells[group]);
    if (own.includes(group)) {
      const conflict = crossCheck(row, group, full, citations, ctx);
      if (conflict) notes.push(conflict);
    } else if (fields.length > 0 && ids(row[group]).length === 0) {
      // (A group citing only the importer's sources was filled in this run from another record: that one stands.)
      for (const field of fields) row[field] = offer.cells[group][field]!;
      row[group] = join(cite(ctx, citations));
      filled.push(group);
      ctx.findings.push({ kind: 'filled', record: p.record.path, vehicle: row.slug!, fields });
    }
  }
  // A row must cite a source for the variant itself: where the record's figures of that group were all withheld, the
  // record still backs the variant (as it does a new one's, newVehicle).
  if (ids(row.source).length === 0) row.source = join(cite(ctx, citations));
  if (filled.length > 0) {
    const reasons = filled.flatMap((group) => offer.whys[group]);
    const fields = filled.flatMap((group) => Object.keys(offer.cells[group])).join(', ');
    notes.push(`fills ${fields}${reasons.length ? ` (${reasons.join('; ')})` : ''}`);
  }
  if (notes.length > 0) row.note = [row.note, fragment(ctx, p, notes.join('; '))].filter(Boolean).join(' ');
}

export function newVehicle(offer: Offer, citations: RecordCitations, ctx: Context): Row {
  const p = offer.proposal;
  const row: Row = { slug: p.slug, brand: p.brand, family: p.family, trim: p.trim, model_year: String(p.record.year) };
  for (const group of GROUPS) {
    Object.assign(row, offer.cells[group]);
    const given = Object.keys(offer.cells[group]).length > 0 || group === 'source';
    row[group] = given ? join(cite(ctx, citations)) : '';
  }
  const reasons = GROUPS.flatMap((group) => offer.whys[group]);
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
