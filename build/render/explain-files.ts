// The explain documents (one per vehicle: the reasoning behind each edge) and the wanted list, which tallies the
// explain entries' missing figures: built whole by a full pass, kept up to date entry by entry by an incremental one
// (a document's entries of some chargers spliced as bytes, the rest of it neither parsed nor encoded again).
import type { Explain, ExplainEntry, Wanted } from '../api/explain-schemas.ts';
import { REGIONS, regionRank, type Region } from '../core/regions.ts';
import type { EdgeFacts } from '../derive/derive-edge.ts';

/** The explain entry of one edge. */
export function explainEntry(facts: EdgeFacts): ExplainEntry {
  const { path, caps, missing, decidedBy } = facts.explanation;
  return {
    charger: facts.charger,
    region: facts.region,
    path,
    caps: caps.map(({ cap, kw, sources }) => ({ cap, kw, sources })),
    missing: missing.map(({ figure, decides, why, kwMin, kwMax }) => ({ ...figure, decides, why, kwMin, kwMax })),
    decidedBy,
  };
}

const byChargerThenRegion = (a: ExplainEntry, b: ExplainEntry) =>
  a.charger.localeCompare(b.charger) || regionRank(a.region) - regionRank(b.region);

/** A vehicle's explain document with the entries of some chargers replaced (an empty array removes them). */
export function spliceExplain(current: Explain, replacements: ReadonlyMap<string, readonly ExplainEntry[]>): Explain {
  const kept = current.edges.filter((entry) => !replacements.has(entry.charger));
  return { slug: current.slug, edges: [...kept, ...[...replacements.values()].flat()].sort(byChargerThenRegion) };
}

/**
 * Every entry starts with these bytes (charger is its first field); no other object in an entry has that field, and
 * inside a JSON string the quotes would be escaped.
 */
const ENTRY_START = Buffer.from('{"charger":');
const EDGES_START = Buffer.from('"edges":[');

/**
 * What spliceExplain gives, on the document's bytes: each replaced charger's run of entries cut out and its new
 * entries put in its place, the rest copied as it is. Returns the new bytes and the entries cut (parsed, for the
 * wanted tally); `current` itself and no entries (null) when every run already holds exactly the new entries; or null
 * when a charger with new entries has none in the document (an insertion: the caller splices the parsed document).
 */
export function spliceExplainBytes(
  current: Buffer,
  replacements: ReadonlyMap<string, readonly ExplainEntry[]>,
): { body: Buffer; cut: ExplainEntry[] | null } | null {
  const open = current.indexOf(EDGES_START) + EDGES_START.length - 1; // the list's "["
  const close = current.lastIndexOf(']}');
  const cuts: { start: number; end: number; entries: readonly ExplainEntry[] }[] = [];
  for (const [charger, entries] of replacements) {
    const opening = Buffer.from(`{"charger":${JSON.stringify(charger)},`);
    const start = current.indexOf(opening, open);
    if (start === -1 || start > close) {
      if (entries.length > 0) return null;
      continue;
    }
    let end = close;
    for (let at = current.indexOf(ENTRY_START, start + 1); at !== -1 && at < close;) {
      if (current.compare(opening, 0, opening.length, at, at + opening.length) !== 0) {
        end = at - 1; // the comma before the next charger's entries
        break;
      }
      at = current.indexOf(ENTRY_START, at + 1);
    }
    cuts.push({ start, end, entries: [...entries].sort(byChargerThenRegion) });
  }
  cuts.sort((a, b) => a.start - b.start);
  const encoded = cuts.map(({ entries }) => Buffer.from(entries.map((entry) => JSON.stringify(entry)).join(',')));
  if (cuts.every(({ start, end }, i) => current.subarray(start, end).equals(encoded[i]!)))
    return { body: current, cut: null };
  const cut = cuts.flatMap(
    ({ start, end }) => JSON.parse(`[${current.toString('utf8', start, end)}]`) as ExplainEntry[],
  );
  // Runs of comma-separated entries: the stretches between the cuts (their bounding commas dropped) and the new
  // entries; the empty ones are left out and the rest joined with commas.
  const runs: Buffer[] = [];
  let from = open + 1;
  cuts.forEach(({ start, end }, i) => {
    runs.push(current.subarray(from, start - 1), encoded[i]!);
    from = end + 1;
  });
  runs.push(current.subarray(from, close));
  const pieces: Buffer[] = [current.subarray(0, open + 1)];
  for (const run of runs.filter((r) => r.length > 0)) {
    if (pieces.length > 1) pieces.push(Buffer.from(','));
    pieces.push(run);
  }
  pieces.push(current.subarray(close));
  return { body: Buffer.concat(pieces), cut };
}

type Counts = Record<Region, number>;
interface Tally {
  file: string;
  row: string;
  column: string;
  settles: Counts;
  sharpens: Counts;
}

const zero = (): Counts => Object.fromEntries(REGIONS.map((r) => [r, 0])) as Counts;
const total = (t: Tally) => REGIONS.reduce((sum, r) => sum + t.settles[r] + t.sharpens[r], 0);

/** The missing figures of explain entries, counted per figure and region: what the wanted document lists. */
export class WantedTally {
  private readonly figures = new Map<string, Tally>();

  /** Counts an entry's missing figures in (`sign` 1) or, for an entry being replaced, out (`sign` -1). */
  count(entry: ExplainEntry, sign: 1 | -1 = 1): void {
    for (const m of entry.missing) {
      const key = `${m.file}\n${m.row}\n${m.column}`;
      let tally = this.figures.get(key);
      if (!tally) {
        tally = { file: m.file, row: m.row, column: m.column, settles: zero(), sharpens: zero() };
        this.figures.set(key, tally);
      }
      (m.decides === 'state' ? tally.settles : tally.sharpens)[entry.region] += sign;
    }
  }

  /** Another thread's tally, as `entries()` gave it, added to this one. */
  absorb(entries: readonly Tally[]): void {
    for (const other of entries) {
      const key = `${other.file}\n${other.row}\n${other.column}`;
      const tally = this.figures.get(key) ?? { ...other, settles: zero(), sharpens: zero() };
      for (const r of REGIONS) {
        tally.settles[r] += other.settles[r];
        tally.sharpens[r] += other.sharpens[r];
      }
      this.figures.set(key, tally);
    }
  }

  entries(): Tally[] {
    return [...this.figures.values()];
  }

  /** The tally a published wanted document holds (the base an incremental build adjusts). */
  static fromDocument(document: Wanted): WantedTally {
    const tally = new WantedTally();
    tally.absorb(
      document.figures.map(({ file, row, column, settles, sharpens }) => ({ file, row, column, settles, sharpens })),
    );
    return tally;
  }

  toDocument(): Wanted {
    const figures = this.entries()
      .filter((t) => total(t) > 0)
      .sort(
        (a, b) =>
          total(b) - total(a) ||
          a.file.localeCompare(b.file) ||
          a.row.localeCompare(b.row) ||
          a.column.localeCompare(b.column),
      )
      .map((t) => ({
        file: t.file as Wanted['figures'][number]['file'],
        row: t.row,
        column: t.column,
        edges: total(t),
        settles: t.settles,
        sharpens: t.sharpens,
      }));
    return { count: figures.length, figures };
  }
}

export type WantedEntries = ReturnType<WantedTally['entries']>;
