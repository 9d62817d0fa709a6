// What changes for API users between two datasets: resources added, removed or changed field by field, and edges by
// state transition, kW and confidence. Both sides are derived in memory (no tree is built): a retired slug (aliases.csv)
// answers with its successor's documents, so it counts as a resource and its edges as edges, as the API serves them.
// Networks (extension): networks added or removed, charger links added or removed per region, access terms changed,
// and each vehicle's best and worst answer at a network in a region.
import type { Charger, Vehicle } from '../api/schemas.ts';
import { chargerDocument, vehicleDocument } from '../api/resource-documents.ts';
import type { Dataset } from '../data/dataset.ts';
import { allEdges } from '../derive/all-edges.ts';
import type { EdgeFacts } from '../derive/derive-edge.ts';
import { SlugAliases } from '../render/aliases.ts';
import { networkRegionsOf, vehicleNetworksDocument } from '../render/network-files.ts';

export interface ResourceChanges {
  added: string[];
  removed: string[];
  changed: { slug: string; fields: { field: string; before: unknown; after: unknown }[] }[];
}

/** What the diff reads of an edge (edgeVersion and createdAt are history, not content). */
export type EdgeFigures = Pick<EdgeFacts, 'state' | 'kw' | 'confidence'>;

export interface EdgeChange {
  /** region/vehicle/charger */
  key: string;
  before: EdgeFigures | null;
  after: EdgeFigures | null;
}

/** The published vehicle and charger documents of a dataset, and its edges, by slug or region/vehicle/charger. */
export interface ApiSnapshot {
  vehicles: Map<string, Vehicle>;
  chargers: Map<string, Charger>;
  edges: Map<string, EdgeFigures>;
  networks: NetworkSnapshot;
}

/** The networks as the API serves them, each entry by a key the report prints. */
export interface NetworkSnapshot {
  /** slug → name. */
  names: Map<string, string>;
  /** "network region charger" → present. */
  links: Set<string>;
  /** "network region" → its access terms, e.g. "partly-open (Tesla)". */
  terms: Map<string, string>;
  /** "region/vehicle/network" → its best and worst answer there, e.g. "ok 220 kW (a) / ok 50 kW (b)". */
  answers: Map<string, string>;
}

export interface NetworkChanges {
  added: string[];
  removed: string[];
  linksAdded: string[];
  linksRemoved: string[];
  termsChanged: { key: string; before: string; after: string }[];
  answersChanged: { key: string; before: string | null; after: string | null }[];
}

export interface ApiDiff {
  vehicles: ResourceChanges;
  chargers: ResourceChanges;
  /** Edges that did not exist before, and edges that no longer exist. */
  added: EdgeChange[];
  removed: EdgeChange[];
  /** "before → after" state of an edge that exists on both sides → the edges that made that move. */
  transitions: Map<string, EdgeChange[]>;
  kwChanges: EdgeChange[];
  confidenceChanges: EdgeChange[];
  networks: NetworkChanges;
}

type Answer = ReturnType<typeof vehicleNetworksDocument>['networks'][number]['best'];
const answerText = (answer: Answer) => (answer ? `${answer.state} ${answer.kw} kW (${answer.charger})` : 'none');

/** The networks, their links and terms, and every vehicle's best and worst answer at each (under its own slug). */
function networkSnapshot(data: Dataset, edges: ReadonlyMap<string, EdgeFigures>): NetworkSnapshot {
  const snapshot: NetworkSnapshot = { names: new Map(), links: new Set(), terms: new Map(), answers: new Map() };
  for (const network of data.networks) {
    snapshot.names.set(network.slug, network.name);
    for (const [region, { terms, chargers }] of network.regions) {
      const brands = terms.access_brands.length > 0 ? ` (${terms.access_brands.join(', ')})` : '';
      snapshot.terms.set(`${network.slug} ${region}`, `${terms.access}${brands}`);
      for (const link of chargers) snapshot.links.add(`${network.slug} ${region} ${link.charger}`);
    }
  }
  for (const vehicle of data.vehicles)
    for (const region of networkRegionsOf(data, vehicle.slug)) {
      const document = vehicleNetworksDocument(data, vehicle, region, (charger) =>
        edges.get(`${region}/${vehicle.slug}/${charger}`),
      );
      for (const { network, best, worst } of document.networks)
        snapshot.answers.set(`${region}/${vehicle.slug}/${network}`, `${answerText(best)} / ${answerText(worst)}`);
    }
  return snapshot;
}

function compareNetworks(before: NetworkSnapshot, after: NetworkSnapshot): NetworkChanges {
  const only = (a: Iterable<string>, b: { has(key: string): boolean }) => [...a].filter((key) => !b.has(key)).sort();
  const changed = <T>(a: ReadonlyMap<string, T>, b: ReadonlyMap<string, T>) =>
    [...a]
      .filter(([key, value]) => b.has(key) && b.get(key) !== value)
      .map(([key, value]) => ({ key, before: value, after: b.get(key)! }))
      .sort((x, y) => (x.key < y.key ? -1 : 1));
  return {
    added: only(after.names.keys(), before.names),
    removed: only(before.names.keys(), after.names),
    linksAdded: only(after.links, before.links),
    linksRemoved: only(before.links, after.links),
    termsChanged: changed(before.terms, after.terms),
    // An answer that appears or goes with its vehicle, region or network is reported with them, not here.
    answersChanged: changed(before.answers, after.answers),
  };
}

/** Every document and edge the API serves for the dataset, under every slug that answers for it. */
export function apiSnapshot(data: Dataset): ApiSnapshot {
  const aliases = new SlugAliases(data);
  const vehicles = new Map<string, Vehicle>();
  const chargers = new Map<string, Charger>();
  const edges = new Map<string, EdgeFigures>();
  for (const vehicle of data.vehicles)
    for (const slug of [vehicle.slug, ...aliases.ofVehicle(vehicle.slug)]) vehicles.set(slug, vehicleDocument(vehicle));
  for (const charger of data.chargers)
    for (const slug of [charger.slug, ...aliases.ofCharger(charger.slug)]) chargers.set(slug, chargerDocument(charger));
  for (const { facts } of allEdges(data)) {
    const figures = { state: facts.state, kw: facts.kw, confidence: facts.confidence };
    for (const vehicle of [facts.vehicle, ...aliases.ofVehicle(facts.vehicle)])
      for (const charger of [facts.charger, ...aliases.ofCharger(facts.charger)])
        edges.set(`${facts.region}/${vehicle}/${charger}`, figures);
  }
  return { vehicles, chargers, edges, networks: networkSnapshot(data, edges) };
}

const sorted = <T>(map: ReadonlyMap<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function compareResources(
  before: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
  after: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
): ResourceChanges {
  const changes: ResourceChanges = { added: [], removed: [], changed: [] };
  for (const [slug] of sorted(after)) if (!before.has(slug)) changes.added.push(slug);
  for (const [slug, old] of sorted(before)) {
    const current = after.get(slug);
    if (!current) {
      changes.removed.push(slug);
      continue;
    }
    const fields = Object.keys(current)
      .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(current[field]))
      .map((field) => ({ field, before: old[field], after: current[field] }));
    if (fields.length > 0) changes.changed.push({ slug, fields });
  }
  return changes;
}

/** Compares what the API serves for two datasets. */
export function diffSnapshots(before: ApiSnapshot, after: ApiSnapshot): ApiDiff {
  const transitions = new Map<string, EdgeChange[]>();
  const added: EdgeChange[] = [];
  const removed: EdgeChange[] = [];
  const kwChanges: EdgeChange[] = [];
  const confidenceChanges: EdgeChange[] = [];
  const keys = [...new Set([...before.edges.keys(), ...after.edges.keys()])].sort();
  for (const key of keys) {
    const old = before.edges.get(key) ?? null;
    const current = after.edges.get(key) ?? null;
    const change = { key, before: old, after: current };
    if (!old) added.push(change);
    else if (!current) removed.push(change);
    else if (old.state !== current.state) {
      const move = `${old.state} → ${current.state}`;
      transitions.set(move, [...(transitions.get(move) ?? []), change]);
    } else {
      if (old.kw !== current.kw) kwChanges.push(change);
      if (old.confidence !== current.confidence) confidenceChanges.push(change);
    }
  }
  return {
    vehicles: compareResources(before.vehicles, after.vehicles),
    chargers: compareResources(before.chargers, after.chargers),
    added,
    removed,
    transitions: new Map([...transitions].sort(([a], [b]) => a.localeCompare(b))),
    kwChanges,
    confidenceChanges,
    networks: compareNetworks(before.networks, after.networks),
  };
}

/** An edge key (region/vehicle/charger) as people read it. */
const pair = (key: string) => {
  const [region, vehicle, charger] = key.split('/');
  return `${vehicle} × ${charger} (${region})`;
};

export function formatDiff(diff: ApiDiff, options: { markdown: boolean; limit?: number }): string {
  const limit = options.limit ?? 50;
  const md = options.markdown;
  const lines: string[] = [];
  const heading = (text: string) => lines.push(md ? `\n### ${text}\n` : `\n${text}`);
  const item = (text: string) => lines.push(md ? `- ${text}` : `  ${text}`);
  const code = (text: string) => (md ? `\`${text}\`` : text);
  const listed = <T>(items: T[], show: (item: T) => void) => {
    items.slice(0, limit).forEach(show);
    if (items.length > limit) item(`… and ${items.length - limit} more`);
  };
  lines.push(md ? '## What this change does to the API' : 'What this change does to the API');
  for (const [name, changes] of [
    ['Vehicles', diff.vehicles],
    ['Chargers', diff.chargers],
  ] as const) {
    heading(
      `${name}: ${changes.added.length} added, ${changes.removed.length} removed, ${changes.changed.length} changed`,
    );
    listed(changes.added, (slug) => item(`added ${code(slug)}`));
    listed(changes.removed, (slug) => item(`removed ${code(slug)}`));
    listed(changes.changed, ({ slug, fields }) =>
      item(
        `changed ${code(slug)}: ${fields.map((f) => `${f.field} ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join(', ')}`,
      ),
    );
  }
  const moved = [...diff.transitions.values()].reduce((n, c) => n + c.length, 0);
  heading(
    `Edges: ${diff.added.length} added, ${diff.removed.length} removed, ${moved} changed state, ` +
      `${diff.kwChanges.length} changed kW, ${diff.confidenceChanges.length} changed confidence`,
  );
  const byState = (changes: EdgeChange[], side: 'before' | 'after') => {
    const counts = new Map<string, number>();
    for (const change of changes) counts.set(change[side]!.state, (counts.get(change[side]!.state) ?? 0) + 1);
    return [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, n]) => `${state} ${n}`)
      .join(', ');
  };
  const shown = (edge: EdgeFigures) => `${edge.state}, ${edge.kw} kW`;
  for (const [label, changes, side] of [
    ['added', diff.added, 'after'],
    ['removed', diff.removed, 'before'],
  ] as const) {
    if (changes.length === 0) continue;
    item(`**${label}**: ${changes.length} (${byState(changes, side)})`.replace(/\*\*/g, md ? '**' : ''));
    listed(changes, (c) => lines.push(`${md ? '  - ' : '    '}${pair(c.key)}: ${shown(c[side]!)}`));
  }
  for (const [move, changes] of diff.transitions) {
    item(`${code(move)}: ${changes.length}`);
    listed(changes, (c) => lines.push(`${md ? '  - ' : '    '}${pair(c.key)}`));
  }
  listed(diff.kwChanges, (c) => item(`kW ${pair(c.key)}: ${c.before?.kw} → ${c.after?.kw}`));
  listed(diff.confidenceChanges, (c) =>
    item(`confidence ${pair(c.key)}: ${c.before?.confidence} → ${c.after?.confidence}`),
  );
  const n = diff.networks;
  if (Object.values(n).some((changes: readonly unknown[]) => changes.length > 0)) {
    heading(
      `Networks: ${n.added.length} added, ${n.removed.length} removed, ${n.linksAdded.length} links added, ` +
        `${n.linksRemoved.length} links removed, ${n.termsChanged.length} access terms changed, ` +
        `${n.answersChanged.length} vehicle answers changed`,
    );
    listed(n.added, (slug) => item(`added ${code(slug)}`));
    listed(n.removed, (slug) => item(`removed ${code(slug)}`));
    const link = (key: string) => {
      const [network, region, charger] = key.split(' ');
      return `${code(network!)} runs ${code(charger!)} in ${region}`;
    };
    listed(n.linksAdded, (key) => item(`link added: ${link(key)}`));
    listed(n.linksRemoved, (key) => item(`link removed: ${link(key)}`));
    listed(n.termsChanged, ({ key, before, after }) => {
      const [network, region] = key.split(' ');
      item(`access ${code(network!)} (${region}): ${before} → ${after}`);
    });
    listed(n.answersChanged, ({ key, before, after }) => {
      const [region, vehicle, network] = key.split('/');
      item(`${vehicle} at ${network} (${region}): ${before} → ${after}`);
    });
  }
  return `${lines.join('\n')}\n`;
}
