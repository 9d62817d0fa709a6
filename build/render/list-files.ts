// Compatibility lists as concatenations of edge bodies (the exact JSON of each edge document): assembled from bodies,
// or, in an incremental build, spliced: one side's entries replaced in an existing list file without parsing it.

/** The JSON of one edge document, without the newline its own file ends with. */
export type EdgeBody = string;

/** The list document `{slug, chargers|vehicles: [...]}` from its entries' bodies, already in order. */
export function listBody(slug: string, key: 'chargers' | 'vehicles', entries: readonly EdgeBody[]): string {
  return `{"slug":${JSON.stringify(slug)},"${key}":[${entries.join(',')}]}\n`;
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

/**
 * A list file with the entries of some slugs of `side` replaced (an empty array removes them, a slug absent from the
 * list is inserted in slug order). Entries are grouped by that side and sorted by it, as the build writes them.
 */
export function spliceList(list: Buffer, side: ListSide, replacements: ReadonlyMap<string, readonly EdgeBody[]>): Buffer {
  const open = list.indexOf(0x5b); // the list's "["
  const close = list.lastIndexOf(']}');
  const groups: { slug: string; start: number; end: number }[] = [];
  for (let at = list.indexOf(ENTRY_START, open); at !== -1 && at < close; ) {
    const next = list.indexOf(ENTRY_START, at + 1);
    const end = next === -1 || next > close ? close : next - 1; // the comma before the next entry
    const slug = sideOf(list, at, side);
    const last = groups[groups.length - 1];
    if (last && last.slug === slug) last.end = end;
    else groups.push({ slug, start: at, end });
    at = next;
  }
  const pieces: (Buffer | string)[] = [];
  const pending = [...replacements.keys()].filter((slug) => !groups.some((g) => g.slug === slug)).sort();
  const emit = (entries: readonly (Buffer | string)[]) => {
    for (const entry of entries) {
      if (pieces.length > 0) pieces.push(',');
      pieces.push(entry);
    }
  };
  for (const group of groups) {
    while (pending.length > 0 && pending[0]! < group.slug) emit(replacements.get(pending.shift()!)!);
    emit(replacements.get(group.slug) ?? [list.subarray(group.start, group.end)]);
  }
  for (const slug of pending) emit(replacements.get(slug)!);
  return Buffer.concat([list.subarray(0, open + 1), ...pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)), list.subarray(close)]);
}
