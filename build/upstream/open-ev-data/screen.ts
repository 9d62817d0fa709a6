// The checks' rules for a text cell, applied to the upstream text an extract record would write into data/ (names
// into brand, family and trim cells and source titles; cited documents into sources.yaml): a record whose name breaks
// one is refused, a cited document that breaks one is left out, each with its reason, before anything is written.
import { cellTextProblem } from '../../data/cell-limits.ts';
import { plainTextProblem } from '../../data/plain-text.ts';
import type { ExtractRecord } from './extract.ts';

/** Why upstream text cannot become a text cell of ours, or null when it can: the checks' own cell rules. */
export function upstreamTextProblem(text: string): string | null {
  return cellTextProblem(text) ?? plainTextProblem(text);
}

/** A value of a record left out (or the whole record refused), with why. */
export interface Screened {
  path: string;
  error: string;
}

/** The record with the cited documents that break no rule, or null when a name of it breaks one; and what was cut. */
export function screenRecord(record: ExtractRecord): { record: ExtractRecord | null; cut: Screened[] } {
  const names: [string, string | null][] = [
    ['make.name', record.make.name],
    ['model.name', record.model.name],
    ['trim.name', record.trim],
    ['variant.name', record.variant],
  ];
  for (const [field, text] of names) {
    const problem = text === null ? null : upstreamTextProblem(text);
    if (problem !== null) return { record: null, cut: [{ path: record.path, error: `${field}: ${problem}` }] };
  }
  const cut: Screened[] = [];
  const sources = record.sources.filter((source, i) => {
    for (const field of ['title', 'type', 'url', 'accessed_at'] as const) {
      const text = source[field];
      const problem = text === null ? null : upstreamTextProblem(text);
      if (problem !== null) {
        cut.push({ path: record.path, error: `sources.${i}.${field}: ${problem}; that cited document is left out` });
        return false;
      }
    }
    return true;
  });
  return { record: cut.length === 0 ? record : { ...record, sources }, cut };
}
