// The region parameter as the request policy passes it on: the rules' `:region` placeholder only ever receives a region
// id or NOT_A_REGION, and the policy reads the same value Netlify's matcher reads.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_REGION, passedQuery } from '../../build/core/region-parameter.ts';
import { isRegion, REGIONS } from '../../build/core/regions.ts';
import { loadNetlifyConfig, type NetlifyConfig } from '../../build/serve/netlify-config.ts';
import { NETLIFY_TOML } from '../helpers/fixture.ts';

const EDGE = '/api/v1/compatibility/a/b';
const D = '/api/v1/_data';
let config: NetlifyConfig;
beforeAll(async () => {
  config = await loadNetlifyConfig(NETLIFY_TOML);
});

/** Query values: regions in any spelling, their neighbours, dot segments, slashes, encodings, noise. */
const value = fc.oneof(
  fc.constantFrom(...REGIONS, ...REGIONS.map((r) => r.toLowerCase()), NOT_A_REGION, '', '..', '.', '%2e%2e', '..%2F..'),
  fc.constantFrom('%45U', 'G%42', 'EU%20', 'E+U', '%ff', '%', 'a/b', '../vehicles', 'EU=GB'),
  fc.string({ maxLength: 6 }).map(encodeURIComponent),
  fc.string({ maxLength: 6 }),
);
const pair = fc.oneof(
  { weight: 3, arbitrary: value.map((v) => `region=${v}`) },
  { weight: 1, arbitrary: fc.constantFrom('region', 'Region=GB', 're%67ion=GB', 'x=1', '') },
);
const query = fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&'));

describe('passedQuery', () => {
  it('keeps a query without a region= pair as sent', () => {
    for (const sent of ['', 'x=1', 'region', 'Region=GB&x', 're%67ion=ZZ']) expect(passedQuery(sent)).toBe(sent);
  });

  it('passes one region= pair: the last one sent, decoded when it is a region, else region=invalid', () => {
    expect(passedQuery('x=1&region=GB')).toBe('x=1&region=GB');
    expect(passedQuery('region=G%42&y')).toBe('region=GB&y');
    expect(passedQuery('region=ZZ&x=1&region=NA')).toBe('x=1&region=NA');
    expect(passedQuery('region=NA&region=ZZ')).toBe(`region=${NOT_A_REGION}`);
    for (const sent of ['eu', '', 'EU%20', '%2e%2e', '..', '%ff', NOT_A_REGION])
      expect(passedQuery(`region=${sent}`), sent).toBe(`region=${NOT_A_REGION}`);
  });

  it('never lets the :region placeholder name anything but a region: the rules map it to its folder or to 400', () => {
    fc.assert(
      fc.property(query, (sent) => {
        const to = config.matchRule(EDGE, passedQuery(sent))?.to;
        const folder = to?.match(/^\/api\/v1\/_data\/edges\/([^/]+)\/a\/b\.json$/)?.[1];
        if (folder === undefined) expect(to, sent).toBe(`${D}/errors/invalid_region.json`);
        else expect(REGIONS, sent).toContain(folder);
      }),
    );
  });

  it("reads the value Netlify's matcher reads: a region the rules take from the query as sent is the one passed on", () => {
    fc.assert(
      fc.property(query, (sent) => {
        const asSent = config.matchRule(EDGE, sent)?.to;
        const passed = config.matchRule(EDGE, passedQuery(sent))?.to;
        const folder = asSent?.match(/^\/api\/v1\/_data\/edges\/([^/]+)\//)?.[1];
        // The rules given the raw query: a region's file, or (for anything else) a path the policy must never pass.
        if (folder !== undefined && isRegion(folder)) expect(passed, sent).toBe(asSent);
        else expect(passed, sent).toBe(`${D}/errors/invalid_region.json`);
      }),
    );
  });
});
