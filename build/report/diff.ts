// What changes for API users between two built trees: resources added, removed or changed field by field, and edges by state transition.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Edge } from '../api/schemas.ts';
import { STORAGE_DIR } from '../render/layout.ts';

export interface ResourceChanges {
  added: string[];
  removed: string[];
  changed: { slug: string; fields: { field: string; before: unknown; after: unknown }[] }[];
}

export interface EdgeChange {
  key: string;
  before: Edge | null;
  after: Edge | null;
}

export interface TreeDiff {
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

function readDocuments<T>(publicDir: string, folder: string): Map<string, T> {
  const dir = path.join(publicDir, STORAGE_DIR, folder);
  const documents = new Map<string, T>();
  if (!existsSync(dir)) return documents;
  for (const file of fg.sync('**/*.json', { cwd: dir }).sort())
    documents.set(file.slice(0, -5), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T);
  return documents;
}

function compareResources(
  before: Map<string, Record<string, unknown>>,
  after: Map<string, Record<string, unknown>>,
): ResourceChanges {
  const changes: ResourceChanges = { added: [], removed: [], changed: [] };
  for (const slug of after.keys()) if (!before.has(slug)) changes.added.push(slug);
  for (const [slug, old] of before) {
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

/** Compares the trees two builds wrote (edgeVersion and createdAt are history, not content, and are ignored). */
export function diffTrees(beforeDir: string, afterDir: string): TreeDiff {
  const before = readDocuments<Edge>(beforeDir, 'edges');
  const after = readDocuments<Edge>(afterDir, 'edges');
  const transitions = new Map<string, EdgeChange[]>();
  const added: EdgeChange[] = [];
  const removed: EdgeChange[] = [];
  const kwChanges: EdgeChange[] = [];
  const confidenceChanges: EdgeChange[] = [];
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const key of keys) {
    const old = before.get(key) ?? null;
    const current = after.get(key) ?? null;
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
    vehicles: compareResources(readDocuments(beforeDir, 'vehicles'), readDocuments(afterDir, 'vehicles')),
    chargers: compareResources(readDocuments(beforeDir, 'chargers'), readDocuments(afterDir, 'chargers')),
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

export function formatDiff(diff: TreeDiff, options: { markdown: boolean; limit?: number }): string {
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
    `Edges: ${diff.added.length} added, ${diff.removed.length} removed, ${moved} changed state, ${diff.kwChanges.length} changed kW, ${diff.confidenceChanges.length} changed confidence`,
  );
  const byState = (changes: EdgeChange[], side: 'before' | 'after') => {
    const counts = new Map<string, number>();
    for (const change of changes) counts.set(change[side]!.state, (counts.get(change[side]!.state) ?? 0) + 1);
    return [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([state, n]) => `${state} ${n}`)
      .join(', ');
  };
  const shown = (edge: Edge) => `${edge.state}, ${edge.kw} kW`;
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
