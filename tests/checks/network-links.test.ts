// The "network-links" check (build/checks/network-links.ts): networks, regions and charger models a network row names.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { networkLinks } from '../../build/checks/network-links.ts';
import type { NetworkChargerRow, NetworkRegionRow } from '../../build/data/tables.ts';
import { cleanTables } from '../helpers/check-tables.ts';
import { column, located, network, networkLink, networkRegion } from '../helpers/rows.ts';

const check = (regions: NetworkRegionRow[], links: NetworkChargerRow[]) => {
  const t = cleanTables();
  t.networks.push(located('networks', 2, network()));
  t.networkRegions.push(...regions.map((r, i) => located('networkRegions', 2 + i, r)));
  t.networkChargers.push(...links.map((l, i) => located('networkChargers', 2 + i, l)));
  return networkLinks.check(t, NOTHING_PUBLISHED).map((p) => [p.file, p.line, p.column, p.message, p.about?.key]);
};

describe('network-links', () => {
  it('passes a network whose region row and charger link name what exists', () => {
    expect(check([networkRegion()], [networkLink()])).toEqual([]);
  });

  it('reports an unknown network in either table at its network column, keyed so a rejected row silences it', () => {
    expect(check([networkRegion({ network: 'other' })], [networkLink({ network: 'other' })])).toEqual([
      [
        'data/network_regions.csv',
        2,
        column('networkRegions', 'network'),
        'network "other" is not defined in data/networks.csv',
        'other',
      ],
      [
        'data/network_chargers.csv',
        2,
        column('networkChargers', 'network'),
        'network "other" is not defined in data/networks.csv',
        'other',
      ],
    ]);
  });

  it('reports a link for a region the network has no terms for, and an unknown charger', () => {
    expect(check([networkRegion()], [networkLink({ region: 'GB' }), networkLink({ charger: 'nope' })])).toEqual([
      [
        'data/network_chargers.csv',
        2,
        column('networkChargers', 'region'),
        'network "test-net" has no row for region GB in data/network_regions.csv (its access terms there)',
        undefined,
      ],
      [
        'data/network_chargers.csv',
        2,
        column('networkChargers', 'region'),
        'charger "test-hpc-350" has no connector for region GB in data/charger_connectors.csv, so it has no edges there',
        undefined,
      ],
      [
        'data/network_chargers.csv',
        3,
        column('networkChargers', 'charger'),
        'charger "nope" is not defined in data/chargers.csv',
        'nope',
      ],
    ]);
  });
});
