// The "sources-cited" check (build/checks/sources-cited.ts), at the exact position of each problem it reports.
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../build/checks/run.ts';
import { sourcesCited } from '../../build/checks/sources-cited.ts';
import { located, network, networkLink, networkRegion, source, tables, vehicle } from '../helpers/rows.ts';

describe('sources-cited', () => {
  it('reports a source no row cites, at its id', () => {
    const t = tables({
      sources: [located('sources', 2, source()), located('sources', 7, source({ id: 'orphan' }))],
      vehicles: [located('vehicles', 2, vehicle())],
    });
    expect(sourcesCited.check(t, NOTHING_PUBLISHED)).toEqual([
      {
        file: 'data/sources.yaml',
        line: 7,
        column: 1,
        check: 'sources-cited',
        message: 'source "orphan" is cited by no row',
        hint: 'cite it or remove it',
        needsEveryRow: true,
      },
    ]);
  });

  it('says nothing about unused sources when a row was rejected (it may have been the one citing it)', () => {
    const t = tables({ sources: [located('sources', 2, source({ id: 'orphan' }))] });
    expect(
      runChecks([sourcesCited], t, NOTHING_PUBLISHED, { rejected: { vehicles: new Set(['rejected-car']) } }),
    ).toEqual([]);
    expect(runChecks([sourcesCited], t, NOTHING_PUBLISHED)).toHaveLength(1);
  });

  it("counts the network tables' citations: a network's, a link's, a site count's and access terms' sources", () => {
    const ids = ['by-network', 'by-link', 'by-count', 'by-terms', 'orphan'];
    const t = tables({
      sources: ids.map((id, i) => located('sources', 2 + 5 * i, source({ id }))),
      networks: [located('networks', 2, network({ source: ['by-network'] }))],
      networkRegions: [
        located(
          'networkRegions',
          2,
          networkRegion({
            dc_sites: 3,
            dc_sites_as_of: '2025-01-01',
            dc_sites_source: ['by-count'],
            access_source: ['by-terms'],
          }),
        ),
      ],
      networkChargers: [located('networkChargers', 2, networkLink({ source: ['by-link'] }))],
    });
    expect(sourcesCited.check(t, NOTHING_PUBLISHED).map((p) => p.message)).toEqual([
      'source "orphan" is cited by no row',
    ]);
  });
});
