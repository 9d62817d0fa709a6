// How one OpenEV Data proposal changes our rows: a new variant, or an existing one whose empty figures are filled,
// each citing the record for itself alone, and whose figures our own sources back are cross-checked one by one (over
// 5 % apart: noted, ours stands; else the record is cited beside ours for that figure).
import type { Region } from '../../core/regions.ts';
import { figureSourceColumn } from '../../data/figure-sources.ts';
import type { Row } from '../data-files.ts';
import type { OwnedSource, RecordCitations } from './citations.ts';
import { disagreement, type Offer } from './offer.ts';
import { IMPORTED_FIGURES, ids, isOwnFigure, join, type ImportedFigure } from './ownership.ts';
import type { Proposal } from './propose.ts';

export type Finding =
  | { kind: 'created'; record: string; vehicle: string }
  | { kind: 'matched'; record: string; vehicle: string }
  | { kind: 'filled'; record: string; vehicle: string; field: ImportedFigure; theirs: string }
  | { kind: 'agreed'; record: string; vehicle: string; field: ImportedFigure }
  | { kind: 'conflict'; record: string; vehicle: string; field: string; ours: string; theirs: string; apart: string }
  | { kind: 'region'; record: string; vehicle: string; region: Region }
  | { kind: 'skipped'; record: string; market: Region | null; reason: string }
  | { kind: 'undecided'; record: string; market: Region; slug: string; existing: string[] }
  /** A proposal under a slug of its own that looks like variants of ours (data/variant-likeness.ts) in its market. */
  | { kind: 'alike'; record: string; market: Region; slug: string; existing: string[] }
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
 * Compares the record's figure with one our own sources back. Over 5 % apart is a conflict (ours stands; the returned
 * text goes into the row's note); otherwise the record is cited beside ours for that figure.
 */
function crossCheck(row: Row, figure: ImportedFigure, offer: Offer, citations: RecordCitations, ctx: Context) {
  const theirs = offer.figures[figure];
  const ours = row[figure] ?? '';
  if (theirs === undefined || ours === '') return null;
  const base = { record: offer.proposal.record.path, vehicle: row.slug! };
  const apart = disagreement(figure, ours, theirs, offer.proposal);
  if (apart !== null) {
    ctx.findings.push({ kind: 'conflict', ...base, field: figure, ours, theirs, apart });
    return `${figure} ${theirs} against ${ours} here (${apart})`;
  }
  const column = figureSourceColumn(figure);
  row[column] = join([...ids(row[column]), ...cite(ctx, citations)]);
  ctx.findings.push({ kind: 'agreed', ...base, field: figure });
  return null;
}

/**
 * Fills each empty figure of an existing row from `offer` (which leaves out what our sources contradict elsewhere),
 * citing the record for that figure alone, and cross-checks each figure our own sources back against everything the
 * record gives (`full`). A row whose variant the importer made (its `source` empty after the take-back) cites the
 * record for its variant again, with the record's bidirectional modes.
 */
export function applyToExisting(row: Row, full: Offer, offer: Offer, citations: RecordCitations, ctx: Context): void {
  const p = offer.proposal;
  const notes: string[] = [];
  const filled: ImportedFigure[] = [];
  const conflicts: string[] = [];
  ctx.findings.push({ kind: 'matched', record: p.record.path, vehicle: row.slug! });
  if (ids(row.source).length === 0) {
    Object.assign(row, offer.variant);
    row.source = join(cite(ctx, citations));
  }
  for (const figure of IMPORTED_FIGURES) {
    const column = figureSourceColumn(figure);
    const theirs = offer.figures[figure];
    if (isOwnFigure(row, figure)) {
      const conflict = crossCheck(row, figure, full, citations, ctx);
      if (conflict) conflicts.push(conflict);
    } else if (theirs !== undefined && (row[figure] ?? '') === '' && ids(row[column]).length === 0) {
      // (A figure citing only the importer's sources was filled in this run from another record: that one stands.)
      row[figure] = theirs;
      row[column] = join(cite(ctx, citations));
      filled.push(figure);
      ctx.findings.push({ kind: 'filled', record: p.record.path, vehicle: row.slug!, field: figure, theirs });
    }
  }
  if (conflicts.length > 0) notes.push(`${conflicts.join('; ')}: this row's own sources stand`);
  if (filled.length > 0) {
    // Why a filled figure reads as it does, and why a figure the row still lacks was left out.
    const explained = IMPORTED_FIGURES.filter((figure) => filled.includes(figure) || (row[figure] ?? '') === '');
    const reasons = explained.flatMap((figure) => offer.whys[figure] ?? []);
    notes.push(`fills ${filled.join(', ')}${reasons.length ? ` (${reasons.join('; ')})` : ''}`);
  }
  if (notes.length > 0) row.note = [row.note, fragment(ctx, p, notes.join('; '))].filter(Boolean).join(' ');
}

export function newVehicle(offer: Offer, citations: RecordCitations, ctx: Context): Row {
  const p = offer.proposal;
  const row: Row = { slug: p.slug, brand: p.brand, family: p.family, trim: p.trim, model_year: String(p.record.year) };
  const cited = join(cite(ctx, citations));
  Object.assign(row, offer.variant, { source: cited });
  for (const [figure, value] of Object.entries(offer.figures))
    Object.assign(row, { [figure]: value, [figureSourceColumn(figure as ImportedFigure)]: cited });
  const reasons = IMPORTED_FIGURES.flatMap((figure) => offer.whys[figure] ?? []);
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
