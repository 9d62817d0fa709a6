// Compatibility lists as concatenations of edge bodies (the exact JSON of each edge document): assembled from bodies,
// or, in an incremental build, spliced: one side's entries replaced in an existing list file without parsing it.

/**
 * The JSON of one edge document (UTF-8), without the newline its own file ends with: encoded once, then copied into
 * the lists as bytes (assembling a list from strings and encoding it cost twice as much).
 */
export type EdgeBody = Buffer;

const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}\n');

/** The entries with a comma between each two, as the parts of one concatenation. */
const commaSeparated = (entries: readonly EdgeBody[]): Buffer[] =>
  entries.flatMap((entry, i) => (i === 0 ? [entry] : [COMMA, entry]));

/**
 * The list document `{slug, chargers|vehicles: [...]}` from its entries' bodies, already in order, as the parts it
 * is made of: a file is written from them in one writev, without joining them first.
 */
export function listParts(slug: string, key: 'chargers' | 'vehicles', entries: readonly EdgeBody[]): Buffer[] {
  return [Buffer.from(`{"slug":${JSON.stringify(slug)},"${key}":[`), ...commaSeparated(entries), LIST_END];
}

/** Every edge body starts with this (vehicle is the first field); inside a JSON string the quotes would be escaped. */
const ENTRY_START = Buffer.from('{"vehicle":"');
const CHARGER_FIELD = Buffer.from('","charger":"');

/** The side an entry is grouped by: the vehicle in a charger's list, the charger in a vehicle's list. */
export type ListSide = 'vehicle' | 'charger';

/** The slug of `side` in the entry starting at `start`. */
function sideOf(list: Buffer, start: number, side: ListSide): string {
  const vehicleStart = start + ENTRY_START.length;
  const vehicleEnd = list.indexOf(0x22, vehicleStart);
  if (side === 'vehicle') return list.toString('latin1', vehicleStart, vehicleEnd);
  const chargerStart = vehicleEnd + CHARGER_FIELD.length;
  return list.toString('latin1', chargerStart, list.indexOf(0x22, chargerStart));
}

/** Where one slug's entries sit in a list: [start, end), end at the comma or "]" after them; an absent slug has none. */
interface Cut {
  slug: string;
  start: number;
  end: number;
}

/**
 * A list file with the entries of some slugs of `side` replaced (an empty array removes them, a slug absent from the
 * list is inserted in slug order). Entries are grouped by that side and sorted by it, as the build writes them. Returns
 * `list` itself when the replacements are the entries it already holds, else the new list as parts (views of `list`
 * and of the replacements, for one writev: the list is never copied whole).
 */
export function spliceList(
  list: Buffer,
  side: ListSide,
  replacements: ReadonlyMap<string, readonly EdgeBody[]>,
): Buffer | Buffer[] {
  const open = list.indexOf(0x5b); // the list's "["
  const close = list.lastIndexOf(']}');
  const slugs = [...replacements.keys()];
  const cuts = (findCuts(list, open, close, side, slugs) ?? scanCuts(list, open, close, side, slugs)).sort(
    (a, b) => a.start - b.start || (a.slug < b.slug ? -1 : 1),
  );
  const replaced = cuts.map((cut) => Buffer.concat(commaSeparated(replacements.get(cut.slug)!)));
  if (
    cuts.every((cut, i) =>
      cut.end < cut.start ? replaced[i]!.length === 0 : list.subarray(cut.start, cut.end).equals(replaced[i]!),
    )
  )
    return list;
  // Runs of comma-separated entries: the untouched stretches between the cuts (their bounding commas dropped) and the
  // replacements; the empty ones are left out and the rest joined with commas.
  const runs: Buffer[] = [];
  let from = open + 1;
  cuts.forEach((cut, i) => {
    runs.push(list.subarray(from, cut.start - 1), replaced[i]!);
    from = cut.end + 1;
  });
  runs.push(list.subarray(from, close));
  const pieces: Buffer[] = [list.subarray(0, open + 1)];
  for (const run of runs.filter((r) => r.length > 0)) {
    if (pieces.length > 1) pieces.push(COMMA);
    pieces.push(run);
  }
  pieces.push(list.subarray(close));
  return pieces;
}

/** The end of the entry starting at `at`: the comma before the next entry, or `close`. */
function entryEnd(list: Buffer, at: number, close: number): number {
  const next = list.indexOf(ENTRY_START, at + 1);
  return next === -1 || next > close ? close : next - 1;
}

/**
 * Each slug's entries found by searching for their exact opening bytes (every entry of a vehicle's list names the same
 * vehicle), without reading the rest of the list; null when a slug has no entry (an insertion needs the scan).
 */
function findCuts(list: Buffer, open: number, close: number, side: ListSide, slugs: readonly string[]): Cut[] | null {
  const first = list.indexOf(ENTRY_START, open);
  if (first === -1 || first > close) return null;
  const owner = side === 'charger' ? sideOf(list, first, 'vehicle') : '';
  const cuts: Cut[] = [];
  for (const slug of slugs) {
    const opening =
      side === 'vehicle'
        ? `{"vehicle":${JSON.stringify(slug)},"charger":"`
        : `{"vehicle":${JSON.stringify(owner)},"charger":${JSON.stringify(slug)},`;
    const start = list.indexOf(opening, open);
    if (start === -1 || start > close) return null;
    let end = entryEnd(list, start, close);
    while (end < close && sideOf(list, end + 1, side) === slug) end = entryEnd(list, end + 1, close);
    cuts.push({ slug, start, end });
  }
  return cuts;
}

/** Each slug's entries, or for an absent slug its place in slug order (an empty cut), from a scan of every entry. */
function scanCuts(list: Buffer, open: number, close: number, side: ListSide, slugs: readonly string[]): Cut[] {
  const groups: Cut[] = [];
  for (let at = list.indexOf(ENTRY_START, open); at !== -1 && at < close;) {
    const end = entryEnd(list, at, close);
    const slug = sideOf(list, at, side);
    const last = groups[groups.length - 1];
    if (last && last.slug === slug) last.end = end;
    else groups.push({ slug, start: at, end });
    at = end === close ? -1 : end + 1;
  }
  return slugs.map((slug) => {
    const found = groups.find((group) => group.slug === slug);
    if (found) return found;
    // Before the first greater slug's entries, or after the last entry (as if past a comma at `close`).
    const start = groups.find((group) => group.slug > slug)?.start ?? close + 1;
    return { slug, start, end: start - 1 };
  });
}
