// deriveEdge: the rule set run stage by stage on small worlds and on the mini fixture.
import { beforeAll, describe, expect, it } from 'vitest';
import { REGIONS } from '../../build/core/regions.ts';
import { loadDataset } from '../../build/checks/load-dataset.ts';
import { type Dataset } from '../../build/data/dataset.ts';
import { DERIVED_CONFIDENCE as C, OBSERVATION_CONFIDENCE } from '../../build/derive/rules/confidence.ts';
import { deriveEdge } from '../../build/derive/derive-edge.ts';
import { DERIVED_SOURCE_ID } from '../../build/derive/rules/cited-sources.ts';
import {
  adapter,
  charger,
  citedBy,
  connectorRow,
  dataset,
  observation,
  source,
  vehicle,
  vehicleRegion,
} from '../helpers/rows.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;

// A CCS1 car sold in NA and EU; a NACS DC unit installed in NA and EU that speaks DIN70121; an adapter sold in NA only.
const car = vehicle({ slug: 'ccs1-car-2024', max_dc_kw_oem: 175, source: ['spec-sheet'] });
const carRegions = [
  vehicleRegion({ vehicle: car.slug, region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' }),
  vehicleRegion({ vehicle: car.slug, region: 'EU', ac_inlet: 'type2', dc_inlet: 'ccs1' }),
  vehicleRegion({ vehicle: car.slug, region: 'GB', ac_inlet: 'type2', dc_inlet: 'ccs2' }),
];
const sup = charger({
  slug: 'super-250',
  nominal_max_kw: 250,
  output_voltage_min_v: 50,
  output_voltage_max_v: 500,
  protocols: ['DIN70121', 'Tesla'],
});
const supRows = (['NA', 'EU', 'TR'] as const).map((region) =>
  connectorRow({
    charger: sup.slug,
    region,
    connector: 'nacs',
    max_kw: 250,
    max_current_a: 500,
    source: ['plug-sheet'],
  }),
);
const sources = ['spec-sheet', 'plug-sheet', 'adapter-sheet']
  .map((id) => source({ id }))
  .concat(source({ id: 'bench-test', kind: 'testing' }), source({ id: 'forum', kind: 'community' }));
const base = {
  vehicles: [car],
  vehicleRegions: carRegions,
  chargers: [sup],
  chargerConnectors: supRows,
  adapters: [adapter()],
  sources,
};
const data = dataset(base);

describe('deriveEdge', () => {
  it('is null when the vehicle is not sold in the region', () => {
    expect(deriveEdge(data, car, sup, 'TR')).toBeNull();
  });

  it('is null when the charger has no connector in the region', () => {
    expect(deriveEdge(data, car, sup, 'GB')).toBeNull();
  });

  it('is adp through an adapter sold in the region, capped by the adapter', () => {
    expect(deriveEdge(data, car, sup, 'NA')).toEqual({
      vehicle: car.slug,
      charger: sup.slug,
      region: 'NA',
      kw: 150,
      state: 'adp',
      confidence: round2(C.base - C.adapterPenalty),
      protocols: ['DIN70121'],
      adapterRequired: true,
      sourceIds: ['adapter-sheet', DERIVED_SOURCE_ID, 'plug-sheet', 'spec-sheet'],
      explanation: {
        path: { current: 'DC', connector: 'nacs', inlet: 'ccs1', adapter: 'nacs-to-ccs1' },
        caps: [
          { cap: 'vehicle', kw: 175, sources: ['spec-sheet'] },
          { cap: 'outlet', kw: 250, sources: ['plug-sheet'] },
          { cap: 'adapter', kw: 150, sources: ['adapter-sheet'] },
          { cap: 'current', kw: 200, sources: ['plug-sheet', 'spec-sheet'] },
        ],
        missing: [],
        decidedBy: 'adapter-path',
      },
    });
  });

  it('is no, kw 0, where the adapter is not sold', () => {
    expect(deriveEdge(data, car, sup, 'EU')).toMatchObject({
      state: 'no',
      kw: 0,
      adapterRequired: false,
      protocols: [],
      confidence: C.noPhysicalPath,
    });
  });

  it('is no (ruled out, not "no path") when the unit speaks only another brand\'s own protocol', () => {
    const teslaOnly = { ...sup, protocols: ['Tesla'] };
    const edge = deriveEdge(dataset({ ...base, chargers: [teslaOnly] }), car, teslaOnly, 'NA');
    expect(edge).toMatchObject({ state: 'no', kw: 0, adapterRequired: false, protocols: [], confidence: C.ruledOut });
  });

  /** A 50 kW CCS1 cable on the NACS unit in NA: a direct path for the CCS1 car. */
  const direct = connectorRow({
    charger: sup.slug,
    region: 'NA',
    connector: 'ccs1',
    max_kw: 50,
    max_current_a: 500,
    source: ['ccs1-sheet'],
  });

  it('prefers a direct path over an adapter, even at lower power', () => {
    const edge = deriveEdge(dataset({ ...base, chargerConnectors: [...supRows, direct] }), car, sup, 'NA');
    expect(edge).toMatchObject({ state: 'limited', kw: 50, adapterRequired: false, confidence: C.base });
    expect(edge?.sourceIds).toEqual(['ccs1-sheet', DERIVED_SOURCE_ID, 'spec-sheet']);
  });

  it("scores the path by where the vehicle's figures for its current come from: a dataset alone, or with our own", () => {
    const imported = [source({ id: 'oed-record', kind: 'dataset' }), source({ id: 'oed-cited', kind: 'dataset' })];
    const withDirect = (v: typeof car) => {
      const d = dataset({ ...base, vehicles: [v], sources: [...sources, ...imported], chargerConnectors: [direct] });
      return deriveEdge(d, v, sup, 'NA');
    };
    const dc = ['architecture_voltage_v', 'max_dc_kw_oem'] as const;
    const upstreamOnly = { ...car, ...citedBy(['oed-record', 'oed-cited'], dc) };
    const corroborated = { ...car, ...citedBy(['spec-sheet', 'oed-record'], dc) };
    // One DC figure from our sources, the other from the dataset alone: the path rests on the dataset alone for one.
    const mixed = { ...car, ...citedBy(['oed-record'], ['architecture_voltage_v']) };
    // The AC figures are not the path's: a dataset behind them does not move a DC edge.
    const acOnlyImported = { ...car, ...citedBy(['oed-record'], ['max_ac_kw_oem', 'ac_phases']) };
    expect(withDirect(car)?.confidence).toBe(C.base);
    expect(withDirect(upstreamOnly)).toMatchObject({
      state: 'limited',
      confidence: round2(C.base - C.upstreamOnlyPenalty),
    });
    expect(withDirect(upstreamOnly)?.sourceIds).toEqual(
      ['ccs1-sheet', 'oed-cited', 'oed-record', 'spec-sheet', DERIVED_SOURCE_ID].sort(),
    );
    expect(withDirect(corroborated)?.confidence).toBe(round2(C.base + C.corroborationBonus));
    expect(withDirect(mixed)?.confidence).toBe(round2(C.base - C.upstreamOnlyPenalty));
    expect(withDirect(mixed)?.sourceIds).toEqual(['ccs1-sheet', 'oed-record', 'spec-sheet', DERIVED_SOURCE_ID].sort());
    expect(withDirect(acOnlyImported)?.confidence).toBe(C.base);
  });

  it("is adp at kW 0 (it charges, power not on record) when an adapter path lacks only the car's DC peak", () => {
    const unknownDc = { ...car, max_dc_kw_oem: null };
    const edge = deriveEdge(dataset({ ...base, vehicles: [unknownDc] }), unknownDc, sup, 'NA');
    expect(edge).toMatchObject({
      state: 'adp',
      kw: 0,
      adapterRequired: true,
      confidence: C.powerNotOnRecordCeiling,
    });
    expect(edge?.explanation.missing.map((m) => [m.figure.column, m.decides, m.kwMax])).toEqual([
      ['max_dc_kw_oem', 'power', 150],
    ]);
    expect(edge?.explanation.caps.map((c) => c.cap)).toEqual(['outlet', 'adapter', 'current']);
  });

  it('is unk, without adapterRequired and without caps, when an adapter path lacks a figure that could rule it out', () => {
    // An 800 V pack above the unit's 500 V, its boost path not on record.
    const car800 = { ...car, architecture_voltage_v: 800, boost_dc_kw: null };
    const edge = deriveEdge(dataset({ ...base, vehicles: [car800] }), car800, sup, 'NA');
    expect(edge).toMatchObject({ state: 'unk', kw: 0, adapterRequired: false, confidence: C.unknown });
    expect(edge?.explanation).toMatchObject({ caps: [], decidedBy: 'dc-power' });
    expect(edge?.explanation.missing.map((m) => [m.figure.column, m.decides])).toEqual([['boost_dc_kw', 'state']]);
  });

  it('cites the inlets and every connector row of the region when there is no path, sorted, and not the figures it did not use', () => {
    const eu = ['zz-sheet', 'aa-sheet'].map((id, i) =>
      connectorRow({ charger: 'dc-chademo', connector: 'chademo', max_kw: 50 + i, source: [id] }),
    );
    const c = charger({ slug: 'dc-chademo', source: ['mm-sheet'] });
    const v = vehicle({ source: ['yy-sheet', 'bb-sheet'] });
    const edge = deriveEdge(
      dataset({ vehicles: [v], vehicleRegions: [vehicleRegion()], chargers: [c], chargerConnectors: eu }),
      v,
      c,
      'EU',
    );
    expect(edge?.sourceIds).toEqual(['aa-sheet', DERIVED_SOURCE_ID, 'spec-sheet', 'zz-sheet']);
    expect(edge).toMatchObject({ state: 'no', kw: 0, confidence: C.noPhysicalPath });
  });

  it('lets an observation override state, kw and confidence and drop the derived source', () => {
    const seen = observation({
      vehicle: car.slug,
      charger: sup.slug,
      region: 'NA',
      state: 'limited',
      kw: 120,
      source: ['forum', 'bench-test'],
    });
    const edge = deriveEdge(dataset({ ...base, observations: [seen] }), car, sup, 'NA');
    expect(edge).toEqual({
      vehicle: car.slug,
      charger: sup.slug,
      region: 'NA',
      kw: 120,
      state: 'limited',
      confidence: OBSERVATION_CONFIDENCE.testing,
      protocols: ['DIN70121'],
      adapterRequired: false,
      sourceIds: ['adapter-sheet', 'bench-test', 'forum', 'plug-sheet', 'spec-sheet'],
      explanation: expect.objectContaining({ decidedBy: 'curated-observation', missing: [] }),
    });
  });

  it('applies an observation only to its own region', () => {
    const seen = observation({
      vehicle: car.slug,
      charger: sup.slug,
      region: 'EU',
      state: 'ok',
      kw: 100,
      source: ['forum'],
    });
    const withObs = dataset({ ...base, observations: [seen] });
    expect(deriveEdge(withObs, car, sup, 'NA')).toEqual(deriveEdge(data, car, sup, 'NA'));
    expect(deriveEdge(withObs, car, sup, 'EU')).toMatchObject({
      state: 'ok',
      kw: 100,
      confidence: OBSERVATION_CONFIDENCE.community,
    });
  });
});

describe('deriveEdge on the mini fixture', () => {
  let mini: Dataset;
  beforeAll(async () => {
    mini = loadDataset('tests/fixtures/mini');
  });
  const edge = (v: string, c: string, region: (typeof REGIONS)[number] = 'EU') => {
    const vehicleRow = mini.vehicles.find((row) => row.slug === v);
    const chargerRow = mini.chargers.find((row) => row.slug === c);
    if (!vehicleRow || !chargerRow) throw new Error(`missing ${v} or ${c}`);
    return deriveEdge(mini, vehicleRow, chargerRow, region);
  };

  it('derives the expected state and power for known pairings', () => {
    expect(edge('volt-a-400-2024', 'amp-hpc-350')).toMatchObject({
      state: 'ok',
      kw: 150,
      protocols: ['DIN70121', 'ISO15118-2'],
      confidence: C.base,
    });
    expect(edge('volt-b-800-2024', 'amp-dc-50')).toMatchObject({ state: 'unk', kw: 0, confidence: C.unknown });
    expect(edge('volt-e-800-boost-2024', 'amp-dc-50')).toMatchObject({ state: 'limited', kw: 50 });
    expect(edge('volt-c-chademo-2019', 'amp-dc-50')).toMatchObject({
      state: 'limited',
      kw: 43.8,
      protocols: ['CHAdeMO'],
    });
    expect(edge('volt-f-no-dc-2024', 'amp-dc-50')).toMatchObject({ state: 'no', kw: 0, confidence: C.noPhysicalPath });
    expect(edge('volt-f-no-dc-2024', 'amp-wall-22')).toMatchObject({ state: 'ok', kw: 7.4, protocols: ['IEC61851-1'] });
    expect(edge('volt-a-400-2024', 'amp-hpc-350', 'GB')?.sourceIds).toEqual([DERIVED_SOURCE_ID, 'fixture-spec']);
  });

  it('applies the fixture observation', () => {
    expect(edge('volt-a-400-2024', 'bolt-super-250')).toMatchObject({
      state: 'limited',
      kw: 120,
      confidence: OBSERVATION_CONFIDENCE.testing,
      sourceIds: ['fixture-spec', 'fixture-test'],
    });
  });

  it('keeps the invariants on every pairing of the fixture and of the built dataset', () => {
    let count = 0;
    for (const d of [mini, data]) {
      for (const v of d.vehicles) {
        for (const c of d.chargers) {
          for (const region of REGIONS) {
            const e = deriveEdge(d, v, c, region);
            if (!e) continue;
            count += 1;
            expect(e.adapterRequired).toBe(e.state === 'adp');
            if (e.state === 'no') expect(e.kw).toBe(0);
            expect(e.sourceIds).toEqual([...new Set(e.sourceIds)].sort());
            expect(e.protocols).toEqual([...new Set(e.protocols)].sort());
            const observed = d.observations.has(`${v.slug} ${c.slug} ${region}`);
            expect(e.sourceIds.includes(DERIVED_SOURCE_ID)).toBe(!observed);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(10);
  });
});
