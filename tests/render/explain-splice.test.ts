// The explain documents' splice (build/render/explain-files.ts): some chargers' entries replaced in a document's bytes,
// the result the same bytes as the parsed splice gives, the entries cut returned for the wanted tally.
import { describe, expect, it } from 'vitest';
import type { Explain, ExplainEntry } from '../../build/api/explain-schemas.ts';
import { spliceExplain, spliceExplainBytes } from '../../build/render/explain-files.ts';
import { toJson } from '../../build/render/site-file.ts';

const entry = (charger: string, region: ExplainEntry['region'], why = 'a figure'): ExplainEntry => ({
  charger,
  region,
  path: { current: 'DC', connector: 'ccs2', inlet: 'ccs2', adapter: null },
  caps: [{ cap: 'vehicle', kw: 100, sources: ['spec'] }],
  missing: [{ file: 'vehicles.csv', row: 'car', column: 'boost_dc_kw', decides: 'power', why, kwMin: 0, kwMax: 50 }],
  decidedBy: 'dc-power',
});

const DOCUMENT: Explain = {
  slug: 'car',
  edges: [
    entry('alpha', 'EU'),
    entry('alpha', 'GB'),
    entry('beta', 'EU', 'text with {"charger":"x"} in it'),
    entry('gamma', 'NA'),
  ],
};
const BYTES = Buffer.from(toJson(DOCUMENT));

/** The bytes the parsed splice writes. */
const parsed = (replacements: Map<string, ExplainEntry[]>) =>
  Buffer.from(toJson(spliceExplain(DOCUMENT, replacements)));

describe('spliceExplainBytes', () => {
  it.each([
    ['the first charger, fewer entries', new Map([['alpha', [entry('alpha', 'EU', 'new')]]])],
    [
      'a middle charger whose text holds an entry opening',
      new Map([['beta', [entry('beta', 'EU', 'b'), entry('beta', 'TR')]]]),
    ],
    ['the last charger, removed', new Map([['gamma', []]])],
    [
      'two chargers, one removed',
      new Map([
        ['gamma', [entry('gamma', 'GB')]],
        ['alpha', []],
      ]),
    ],
    [
      'every charger removed',
      new Map([
        ['alpha', []],
        ['beta', []],
        ['gamma', []],
      ]),
    ],
    ['a charger the document does not hold, removed (nothing to cut)', new Map([['delta', []]])],
  ])('%s: the bytes of the parsed splice', (_name, replacements) => {
    const spliced = spliceExplainBytes(BYTES, replacements)!;
    expect(spliced.body.toString()).toBe(parsed(replacements).toString());
    expect(JSON.parse(spliced.body.toString())).toEqual(spliceExplain(DOCUMENT, replacements));
  });

  it('returns the entries it cut, parsed, for the wanted tally', () => {
    const spliced = spliceExplainBytes(BYTES, new Map([['alpha', [entry('alpha', 'EU', 'new')]]]))!;
    expect(spliced.cut).toEqual([entry('alpha', 'EU'), entry('alpha', 'GB')]);
  });

  it('returns the document itself, and no entries cut, when the runs already hold exactly the new entries', () => {
    const spliced = spliceExplainBytes(BYTES, new Map([['alpha', [entry('alpha', 'GB'), entry('alpha', 'EU')]]]))!;
    expect(spliced.body).toBe(BYTES);
    expect(spliced.cut).toBeNull();
  });

  it('leaves an insertion to the parsed splice: null for a charger the document does not hold yet', () => {
    expect(spliceExplainBytes(BYTES, new Map([['delta', [entry('delta', 'EU')]]]))).toBeNull();
  });
});
