// "Did you mean …?" for an unknown id: the closest known id by edit distance (only when close) and, for a small set,
// every valid id. Every check that meets an id it does not know words it here, so all of them suggest alike.

/** Sets up to this size are listed in full beside the suggestion (regions, kinds, connectors, protocols). */
export const LIST_UP_TO = 20;

/** Levenshtein distance: the fewest single-character insertions, deletions and substitutions from a to b. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known id closest to `id`, when it is close: the same ignoring case, or at most one edit per three characters
 * of the longer id (so "ccs" finds "ccs2", "kia-ev6-gt-2032" finds "kia-ev6-gt-2023", "US" finds nothing). Ties go
 * to the id that sorts first, so the answer is the same on every run.
 */
export function closest(id: string, known: Iterable<string>): string | null {
  const wanted = id.toLowerCase();
  let best: { id: string; distance: number } | null = null;
  for (const candidate of [...new Set(known)].sort()) {
    if (candidate === id) continue;
    const distance = editDistance(wanted, candidate.toLowerCase());
    const close = distance === 0 || distance <= Math.floor(Math.max(wanted.length, candidate.length) / 3);
    if (close && (best === null || distance < best.distance)) best = { id: candidate, distance };
  }
  return best?.id ?? null;
}

/**
 * What to add to "X is not defined": '; did you mean "Y"?' when one is close, and the valid ids of a vocabulary (a set
 * like connectors or regions, not one that grows with the data like vehicles or sources: `list: false`) when it has at
 * most LIST_UP_TO of them; empty when there is nothing to add.
 */
export function suggestion(id: string, known: Iterable<string>, options: { list?: boolean } = {}): string {
  const ids = [...new Set(known)];
  const near = closest(id, ids);
  const parts = [near === null ? '' : `did you mean "${near}"?`];
  if (options.list !== false && ids.length <= LIST_UP_TO)
    parts.push(ids.length === 0 ? 'none is defined' : `defined: ${ids.join(', ')}`);
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? '' : `; ${text}`;
}

/** The message for a reference to an id that is not defined: `connector "ccs" is not defined in data/connectors.yaml; …`. */
export const unknownId = (
  what: string,
  id: string,
  file: string,
  known: Iterable<string>,
  options: { list?: boolean } = {},
): string => `${what} "${id}" is not defined in ${file}${suggestion(id, known, options)}`;
