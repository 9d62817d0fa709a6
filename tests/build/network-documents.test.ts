// The network documents (build/render/network-files.ts): the best and worst answer of a network's models for a vehicle,
// whether its terms admit the vehicle, the driver's sentence, the network document and a vehicle's default region.
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../build/data/dataset.ts';
import { indexNetworks } from '../../build/data/networks.ts';
import type { NetworkChargerRow, NetworkRegionRow } from '../../build/data/tables.ts';
import {
  defaultNetworkRegion,
  networkDocument,
  networkListDocument,
  vehicleNetworksDocument,
  type EdgeAnswer,
} from '../../build/render/network-files.ts';
import { charger, dataset, network, networkLink, networkRegion, vehicle, vehicleRegion } from '../helpers/rows.ts';

const CAR = vehicle({ slug: 'test-car-2024-na', brand: 'Test' });
const UNITS = ['unit-a', 'unit-b', 'unit-c', 'unit-d'];

function world(regions: Partial<NetworkRegionRow>[] = [{}], links: string[] = UNITS): Dataset {
  const data = dataset({
    sources: [{ id: 'network-press', kind: 'press', title: 'Press', url: null, accessedAt: null }],
    vehicles: [CAR],
    vehicleRegions: [
      vehicleRegion({ vehicle: CAR.slug }),
      vehicleRegion({ vehicle: CAR.slug, region: 'NA' }),
      vehicleRegion({ vehicle: 'test-car-2024-gb', region: 'NA' }),
      vehicleRegion({ vehicle: 'test-car-2024-gb', region: 'GB' }),
    ],
    chargers: UNITS.map((slug) => charger({ slug, brand: 'Maker', model: slug.toUpperCase() })),
  });
  const terms = regions.map((r) => networkRegion(r));
  const rows: NetworkChargerRow[] = links.map((slug) => networkLink({ charger: slug }));
  return { ...data, networks: indexNetworks([network()], terms, rows) };
}

const answers = (byCharger: Record<string, EdgeAnswer>) => (slug: string) => byCharger[slug];
const networksOf = (data: Dataset, edges: Record<string, EdgeAnswer>) =>
  vehicleNetworksDocument(data, CAR, 'EU', answers(edges)).networks;

describe('a vehicle’s networks', () => {
  it('ranks the models by the contract’s state order before kW: ok beats a faster limited, no is the worst', () => {
    const [net] = networksOf(world(), {
      'unit-a': { state: 'limited', kw: 150, confidence: 0.9 },
      'unit-b': { state: 'ok', kw: 50, confidence: 0.8 },
      'unit-c': { state: 'no', kw: 0, confidence: 0.9 },
      'unit-d': { state: 'unk', kw: 0, confidence: 0.4 },
    });
    expect([net!.best!.charger, net!.best!.state, net!.worst!.charger, net!.worst!.state]).toEqual([
      'unit-b',
      'ok',
      'unit-c',
      'no',
    ]);
    expect(net!.best!.url).toBe(`/api/v1/compatibility/${CAR.slug}/unit-b`);
    expect(net!.summary).toBe(
      'At Test Net: up to 50 kW on Maker UNIT-B units; at worst no charging on Maker UNIT-C units.',
    );
  });

  it('breaks a tie of state and kW by confidence, then slug, and skips a model without an edge', () => {
    const [net] = networksOf(world(), {
      'unit-b': { state: 'limited', kw: 120, confidence: 0.7 },
      'unit-c': { state: 'limited', kw: 120, confidence: 0.9 },
      'unit-d': { state: 'limited', kw: 120, confidence: 0.9 },
    });
    expect([net!.best!.charger, net!.worst!.charger]).toEqual(['unit-c', 'unit-b']);
    expect(net!.summary).toBe('At Test Net: 120 kW on Maker UNIT-C units, and the same on its other models on record.');
  });

  it('admits any brand where open, names the brands otherwise, and says so in the sentence', () => {
    const edges = { 'unit-a': { state: 'ok', kw: 0, confidence: 0.5 } } as const;
    const closed = networksOf(world([{ access: 'brand-only', access_brands: ['Other'] }]), edges)[0]!;
    expect([closed.admitted, closed.summary]).toEqual(['no', 'Test Net admits no Test vehicles in EU.']);
    const partly = networksOf(world([{ access: 'partly-open', access_brands: ['Other'] }]), edges)[0]!;
    expect([partly.admitted, partly.summary]).toEqual([
      'some-sites',
      'At the Test Net sites open to Test vehicles: charges on Maker UNIT-A units, power not on record.',
    ]);
    const own = networksOf(world([{ access: 'brand-only', access_brands: ['Test'] }]), edges)[0]!;
    expect(own.admitted).toBe('yes');
  });

  it('gives null best and worst and says the hardware is not on record where no model is linked', () => {
    const [net] = networksOf(world([{}], []), {});
    expect([net!.best, net!.worst, net!.summary]).toEqual([
      null,
      null,
      'At Test Net: the charger models it runs in EU are not on record.',
    ]);
    expect(vehicleNetworksDocument(world(), CAR, 'NA', () => undefined).networks).toEqual([]);
  });
});

describe('the network documents', () => {
  it('list the network per region with its terms, models and sources, and a sentence where no model is known', () => {
    const data = world(
      [{}, { region: 'GB', dc_sites: 9, dc_sites_as_of: '2025-01-01', dc_sites_source: ['network-press'] }],
      ['unit-a'],
    );
    const document = networkDocument(data, data.networks[0]!);
    expect(document.regions.map((r) => [r.region, r.models.map((m) => m.charger), r.hardware_known])).toEqual([
      ['EU', ['unit-a'], true],
      ['GB', [], false],
    ]);
    expect(document.regions[0]!.models[0]).toMatchObject({ name: 'Maker UNIT-A', url: '/api/v1/chargers/unit-a' });
    expect(document.regions[1]!.dc_sites_sources.map((s) => s.id)).toEqual(['network-press']);
    expect(document.regions[1]!.hardware_note).toBe(
      'No source on record names the charger models Test Net runs in GB: its hardware is not on record.',
    );
    expect(networkListDocument(data, 'GB').count).toBe(1);
    expect(networkListDocument(data, 'NA')).toEqual({ count: 0, networks: [] });
  });

  it('answer a vehicle without ?region= for the market its slug names, else the first region it is on sale in', () => {
    const data = world();
    expect(defaultNetworkRegion(data, CAR)).toBe('NA');
    expect(defaultNetworkRegion(data, { slug: 'test-car-2024-gb', brand: 'Test' })).toBe('GB');
    expect(defaultNetworkRegion(data, { slug: 'test-car-2024-gb', brand: 'Test' })).not.toBe('NA');
    expect(defaultNetworkRegion(data, { slug: 'test-car-2024-tr', brand: 'Test' })).toBe(null);
  });
});
