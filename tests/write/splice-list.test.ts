// spliceList: one side's entries replaced in a list file give the bytes of the list assembled from the new entries.
import { describe, expect, it } from 'vitest';
import { listParts, spliceList, type EdgeBody, type ListSide } from '../../build/render/list-files.ts';

/** The list file the build writes from its entries' bodies. */
const listBody = (owner: string, key: 'chargers' | 'vehicles', bodies: EdgeBody[]) =>
  Buffer.concat(listParts(owner, key, bodies));

/** An edge body as the build writes it: vehicle first, then charger, then the rest. */
const edge = (vehicle: string, charger: string, region: string, note = ''): EdgeBody =>
  Buffer.from(JSON.stringify({ vehicle, charger, region, state: 'ok', note }));

/** A charger's list (grouped by vehicle) or a vehicle's list (grouped by charger), with two regions per pairing. */
function entries(side: ListSide, owner: string, others: readonly string[], note = ''): EdgeBody[] {
  return others.flatMap((other) =>
    ['EU', 'NA'].map((region) =>
      side === 'vehicle' ? edge(other, owner, region, note) : edge(owner, other, region, note),
    ),
  );
}

const CASES: [ListSide, string][] = [
  ['vehicle', 'amp-hpc-350'],
  ['charger', 'volt-a-400-2024'],
];

describe.each(CASES)('spliceList grouped by %s', (side, owner) => {
  const key = side === 'vehicle' ? 'vehicles' : 'chargers';
  const list = (others: readonly string[], changed: Record<string, string> = {}) =>
    listBody(
      owner,
      key,
      others.flatMap((other) => entries(side, owner, [other], changed[other] ?? '')),
    ).toString();
  const splice = (others: readonly string[], replacements: Record<string, EdgeBody[]>) =>
    Buffer.concat(
      [spliceList(Buffer.from(list(others)), side, new Map(Object.entries(replacements)))].flat(),
    ).toString();
  const others = ['b-one', 'd-two', 'f-three'];

  it("replaces a slug's entries wherever it sits (first, middle, last)", () => {
    for (const slug of others) {
      const replaced = entries(side, owner, [slug], 'changed \u00e9');
      expect(splice(others, { [slug]: replaced })).toBe(list(others, { [slug]: 'changed \u00e9' }));
    }
  });

  it("removes a slug's entries with an empty replacement, leaving no stray comma", () => {
    for (const slug of others) expect(splice(others, { [slug]: [] })).toBe(list(others.filter((o) => o !== slug)));
    expect(splice(['b-one'], { 'b-one': [] })).toBe(list([]));
  });

  it('inserts an absent slug in slug order (before the first, between, after the last, into an empty list)', () => {
    for (const slug of ['a-new', 'c-new', 'e-new', 'g-new']) {
      expect(splice(others, { [slug]: entries(side, owner, [slug]) })).toBe(list([...others, slug].sort()));
    }
    expect(splice([], { 'c-new': entries(side, owner, ['c-new']) })).toBe(list(['c-new']));
  });

  it('applies several replacements, removals and insertions at once', () => {
    const result = splice(others, {
      'f-three': entries(side, owner, ['f-three'], 'x'),
      'a-new': entries(side, owner, ['a-new']),
      'b-one': [],
      'c-new': entries(side, owner, ['c-new']),
    });
    expect(result).toBe(
      listBody(owner, key, [
        ...entries(side, owner, ['a-new', 'c-new', 'd-two']),
        ...entries(side, owner, ['f-three'], 'x'),
      ]).toString(),
    );
  });

  it('returns the list itself when the replacements are the entries it holds', () => {
    const bytes = Buffer.from(list(others));
    expect(spliceList(bytes, side, new Map([['d-two', entries(side, owner, ['d-two'])]]))).toBe(bytes);
    expect(spliceList(bytes, side, new Map([['c-new', []]]))).toBe(bytes);
    expect(spliceList(bytes, side, new Map([['d-two', entries(side, owner, ['d-two']).slice(0, 1)]]))).not.toBe(bytes);
  });

  it('gives a changed list as parts that view the old list, never a copy of it whole', () => {
    const bytes = Buffer.from(list(others));
    const parts = spliceList(bytes, side, new Map([['d-two', entries(side, owner, ['d-two'], 'z')]]));
    expect(Array.isArray(parts)).toBe(true);
    expect((parts as Buffer[]).filter((part) => part.buffer === bytes.buffer).length).toBeGreaterThan(1);
  });

  it('does not take a slug for another that starts with it', () => {
    const withPrefix = ['b-one', 'b-one-plus'];
    expect(splice(withPrefix, { 'b-one': [] })).toBe(list(['b-one-plus']));
    expect(splice(withPrefix, { 'b-one-plus': entries(side, owner, ['b-one-plus'], 'y') })).toBe(
      list(withPrefix, { 'b-one-plus': 'y' }),
    );
  });
});
