// Applies OpenEV Data's extract to our rows. First it takes back what an earlier import wrote (ownership.ts), so a
// re-run gives the same result whatever landed in between; then it places each record's proposals with the
// maintainers' decisions: onto our existing variants (row-updates.ts), as new variants, or nowhere, with why.
import { homeMarket } from '../../core/slugs.ts';
import type { Region } from '../../core/regions.ts';
import { likenessKey } from '../../data/variant-likeness.ts';
import type { ImportFiles, Row } from '../data-files.ts';
import { sourceText } from '../data-files.ts';
import { isOwnedSource, recordCitations } from './citations.ts';
import type { Extract } from './extract.ts';
import { decisionMarket, type Decision, type Mapping } from './mapping.ts';
import { takeBack } from './ownership.ts';
import { proposeRecord, type Proposal } from './propose.ts';
import { withheldFigures } from './cross-checks.ts';
import { addContradictions, offerOf, type Contradicted } from './offer.ts';
import { addRegions, applyToExisting, newVehicle, type Context, type Finding } from './row-updates.ts';

export type { Finding } from './row-updates.ts';

const familyKey = (brand: string, family: string, year: string | number, market: Region | null) =>
  `${brand}|${family}|${year}|${market}`;

/** Our rows as the run changes them, and what it needs to place proposals. */
interface State {
  ctx: Context;
  vehicles: Row[];
  regions: Row[];
  bySlug: Map<string, Row>;
  /** brand|family|year|market → our slugs (the run's own creations excluded): a record there needs a decision. */
  families: Map<string, string[]>;
  regionKeys: Set<string>;
  /** likeness key|market → our slugs (the run's own creations excluded): variants a proposal may repeat. */
  alike: Map<string, string[]>;
  /** Slugs this run created, with the record that gave each. */
  created: Map<string, string>;
}

/**
 * Where one proposal goes under its decisions: onto the rows they name (or the row of its slug), into a new row, or
 * nowhere, with the finding that says why.
 */
function place(state: State, p: Proposal, decisions: readonly Decision[]): Row[] | 'new' | null {
  const { ctx, bySlug } = state;
  const record = p.record.path;
  const skip = decisions.find((d) => d.skip !== undefined);
  if (skip) {
    ctx.findings.push({ kind: 'skipped', record, market: p.market, reason: skip.skip! });
    return null;
  }
  const named = decisions.flatMap((d) => (d.vehicle ? [d.vehicle] : []));
  if (named.length > 0) {
    for (const slug of named.filter((slug) => !bySlug.has(slug)))
      ctx.findings.push({ kind: 'error', record, message: `decision names ${slug}, which is not a vehicle of ours` });
    return named.map((slug) => bySlug.get(slug)).filter((row): row is Row => row !== undefined);
  }
  const first = state.created.get(p.slug);
  if (first !== undefined) {
    ctx.findings.push({
      kind: 'skipped',
      record,
      market: p.market,
      reason: `the same variant as ${first} (${p.slug})`,
    });
    return null;
  }
  const existing = bySlug.get(p.slug);
  if (existing) return [existing];
  const key = likenessKey({ ...p, model_year: p.record.year, battery_kwh_usable: p.usable.value });
  const alike = key === null ? [] : (state.alike.get(`${key}|${p.market}`) ?? []);
  if (alike.length > 0) ctx.findings.push({ kind: 'alike', record, market: p.market, slug: p.slug, existing: alike });
  const siblings = state.families.get(familyKey(p.brand, p.family, p.record.year, p.market)) ?? [];
  if (siblings.length > 0 && !decisions.some((d) => d.create)) {
    ctx.findings.push({ kind: 'undecided', record, market: p.market, slug: p.slug, existing: siblings });
    return null;
  }
  return 'new';
}

function startState(files: ImportFiles, mapping: Mapping, version: string): State & { dropped: string[] } {
  const taken = takeBack(files, new Set(mapping.na_inlets.flatMap((rule) => rule.source)));
  const { vehicles, regions, dropped } = taken;
  // The variants of ours in each family, year and market: a record there waits for a decision (rows the importer made
  // and a contributor has since given a figure of ours are still the importer's).
  const families = new Map<string, string[]>();
  const alike = new Map<string, string[]>();
  for (const row of vehicles.filter((row) => !taken.created.has(row.slug!))) {
    const market = homeMarket(row.slug!, row.brand!);
    const key = familyKey(row.brand!, row.family!, row.model_year!, market);
    families.set(key, [...(families.get(key) ?? []), row.slug!]);
    const likeness = likenessKey(row);
    if (likeness !== null)
      alike.set(`${likeness}|${market}`, [...(alike.get(`${likeness}|${market}`) ?? []), row.slug!]);
  }
  return {
    ctx: { version, findings: [], cited: new Map() },
    vehicles,
    regions,
    bySlug: new Map(vehicles.map((row) => [row.slug!, row])),
    families,
    regionKeys: new Set(regions.map((row) => `${row.vehicle} ${row.region}`)),
    alike,
    created: new Map(),
    dropped,
  };
}

/** The decisions about one proposal: those of its record for its market or for every market. */
const decisionsFor = (mapping: Mapping, p: Proposal): Decision[] =>
  mapping.decisions.filter((d) => d.record === p.record.path && [null, p.market].includes(decisionMarket(d, p.brand)));

/**
 * The figures our own rows contradict, read before anything changes, from the rows the decisions name or the row of
 * each proposal's slug: they are offered to no other row (see offer.ts).
 */
function contradictedFigures(state: State, proposals: readonly Proposal[], mapping: Mapping): Contradicted {
  const found = new Map<string, string>();
  for (const p of proposals) {
    const decisions = decisionsFor(mapping, p);
    if (decisions.some((d) => d.skip !== undefined)) continue;
    const named = decisions.flatMap((d) => (d.vehicle ? [d.vehicle] : []));
    const offer = offerOf(p);
    for (const slug of named.length > 0 ? named : [p.slug]) {
      const row = state.bySlug.get(slug);
      if (row) addContradictions(row, offer, found);
    }
  }
  return found;
}

/** Every record's proposals, with the maintainers' decisions: which go to which row, which are skipped. */
export function applyExtract(
  files: ImportFiles,
  extract: Extract,
  mapping: Mapping,
): { files: ImportFiles; findings: Finding[] } {
  const state = startState(files, mapping, extract.version);
  const { ctx } = state;
  const proposals: Proposal[] = [];
  for (const record of extract.records) {
    const proposed = proposeRecord(record, mapping);
    for (const s of proposed.skipped) ctx.findings.push({ kind: 'skipped', ...s });
    proposals.push(...proposed.proposals);
  }
  const contradicted = contradictedFigures(state, proposals, mapping);
  const known = new Set(files.sources.map((s) => s.id));
  for (const w of mapping.withhold)
    for (const id of w.source.filter((id) => !known.has(id)))
      ctx.findings.push({
        kind: 'error',
        record: w.records[0]!,
        message: `withhold cites ${id}, which is not a source`,
      });
  const withheld = withheldFigures(proposals, state.vehicles, mapping);
  for (const p of proposals) {
    const target = place(state, p, decisionsFor(mapping, p));
    if (target === null) continue;
    const citations = recordCitations(p.record, extract.version);
    const offer = offerOf(p, contradicted, withheld);
    if (target === 'new') {
      const row = newVehicle(offer, citations, ctx);
      state.vehicles.push(row);
      state.bySlug.set(p.slug, row);
      state.created.set(p.slug, p.record.path);
      ctx.findings.push({ kind: 'created', record: p.record.path, vehicle: p.slug });
      addRegions(row, p, citations, ctx, state.regions, state.regionKeys);
      continue;
    }
    for (const row of target) {
      applyToExisting(row, offerOf(p), offer, citations, ctx);
      addRegions(row, p, citations, ctx, state.regions, state.regionKeys);
    }
  }
  for (const slug of state.dropped) if (!state.bySlug.has(slug)) ctx.findings.push({ kind: 'dropped', vehicle: slug });
  const sources = [
    ...files.sources.filter((s) => !isOwnedSource(s.id)),
    ...[...ctx.cited.values()].map((s) => ({ id: s.id, kind: s.kind, text: sourceText(s) })),
  ];
  return {
    files: { ...files, vehicles: state.vehicles, vehicleRegions: state.regions, sources },
    findings: ctx.findings,
  };
}
