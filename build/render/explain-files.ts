// The explain documents (one per vehicle: the reasoning behind each edge) and the wanted list, which tallies the
// explain entries' missing figures: built whole by a full pass, kept up to date entry by entry by an incremental one.
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
