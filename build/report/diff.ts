// What changes for API users between two datasets: resources added, removed or changed field by field, and edges by
// state transition, kW and confidence. Both sides are derived in memory (no tree is built): a retired slug (aliases.csv)
// answers with its successor's documents, so it counts as a resource and its edges as edges, as the API serves them.
import type { Charger, Vehicle } from '../api/schemas.ts';
import { chargerDocument, vehicleDocument } from '../api/resource-documents.ts';
import type { Dataset } from '../data/dataset.ts';
import { allEdges } from '../derive/all-edges.ts';
import type { EdgeFacts } from '../derive/derive-edge.ts';
import { SlugAliases } from '../render/aliases.ts';

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
  return { vehicles, chargers, edges };
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
  return `${lines.join('\n')}\n`;
}
