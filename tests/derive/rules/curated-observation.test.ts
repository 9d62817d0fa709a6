// Rule "curated-observation": a sourced real-world observation replaces the derived state and power.
import { describe, expect, it } from 'vitest';
import { deriveEdge } from '../../../build/derive/derive-edge.ts';
import { OBSERVATION_CONFIDENCE } from '../../../build/derive/rules/confidence.ts';
import { deriveDraft } from '../../../build/derive/derive-edge.ts';
import { charger, connectorRow, dataset, observation, source, vehicle, vehicleRegion } from '../../helpers/rows.ts';

// A CCS1 car in NA at a CCS1 unit: derived ok at 150 kW.
const car = vehicle({ slug: 'ccs1-car-2024', max_dc_kw_oem: 150 });
const sup = charger({ slug: 'ccs1-350', nominal_max_kw: 350 });
const base = {
  vehicles: [car],
  vehicleRegions: [vehicleRegion({ vehicle: car.slug, region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' })],
  chargers: [sup],
  chargerConnectors: [connectorRow({ charger: sup.slug, region: 'NA', connector: 'ccs1', source: ['plug-sheet'] })],
  sources: ['spec-sheet', 'plug-sheet']
    .map((id) => source({ id }))
    .concat(source({ id: 'bench-test', kind: 'testing' }), source({ id: 'forum', kind: 'community' })),
};
const withObservation = (o: Parameters<typeof observation>[0]) =>
  dataset({ ...base, observations: [observation({ vehicle: car.slug, charger: sup.slug, region: 'NA', ...o })] });
const observed = (o: Parameters<typeof observation>[0]) => deriveEdge(withObservation(o), car, sup, 'NA')!;

describe('rule curated-observation', () => {
  it('sets kw 0 for an observed "no", whatever the derived figure', () => {
    expect(observed({ state: 'no', kw: null, source: ['bench-test'] })).toMatchObject({
      state: 'no',
      kw: 0,
      adapterRequired: false,
    });
  });

  it('keeps the derived kw when the observation gives none', () => {
    expect(observed({ state: 'ok', kw: null, source: ['forum'] })).toMatchObject({
      state: 'ok',
      kw: 150,
      confidence: OBSERVATION_CONFIDENCE.community,
    });
  });

  it('sets adapterRequired exactly when the observed state is adp', () => {
    expect(observed({ state: 'adp', kw: 90, source: ['forum'] })).toMatchObject({
      state: 'adp',
      kw: 90,
      adapterRequired: true,
    });
    expect(observed({ state: 'limited', kw: 90, source: ['forum'] }).adapterRequired).toBe(false);
  });

  it('merges sources without duplicates, sorted, without the derived id', () => {
    expect(observed({ source: ['spec-sheet', 'bench-test'] }).sourceIds).toEqual([
      'bench-test',
      'plug-sheet',
      'spec-sheet',
    ]);
  });

  it('gives an observed no or unk its note as the reason, and a usable observation none', () => {
    const draft = (o: Parameters<typeof observation>[0]) => deriveDraft(withObservation(o), car, sup, 'NA')!;
    expect(draft({ state: 'no', kw: null, note: 'refused by the network' }).reason).toBe(
      'observed: refused by the network',
    );
    expect(draft({ state: 'ok', kw: 140 }).reason).toBeNull();
  });
});

describe('rule curated-observation on an edge with missing figures', () => {
  // Pack voltage, boost fact and DC peak not on record, at a unit topping out at 500 V: derived unk.
  const vague = vehicle({ ...car, architecture_voltage_v: null, max_dc_kw_oem: null, boost_dc_kw: null });
  const low = charger({ ...sup, output_voltage_max_v: 500 });
  const parts = { ...base, vehicles: [vague], chargers: [low] };
  const draft = (o?: Parameters<typeof observation>[0]) =>
    deriveDraft(
      dataset({
        ...parts,
        observations: o ? [observation({ vehicle: car.slug, charger: sup.slug, region: 'NA', ...o })] : [],
      }),
      vague,
      low,
      'NA',
    )!;
  const columns = (d: ReturnType<typeof draft>) => d.missing.map((m) => `${m.figure.column} ${m.decides}`);

  it('is derived unk by dc-power, naming the state and power figures', () => {
    const derived = draft();
    expect(derived).toMatchObject({ state: 'unk', decidedBy: 'dc-power', observation: null });
    expect(columns(derived)).toEqual(['architecture_voltage_v state', 'max_dc_kw_oem power']);
  });

  it('decides by the observation: a usable one without kW settles whether it charges, not how fast', () => {
    const observed = draft({ state: 'ok', kw: null, source: ['forum'] });
    expect(observed).toMatchObject({ state: 'ok', kw: 0, decidedBy: 'curated-observation', reason: null });
    expect(columns(observed)).toEqual(['max_dc_kw_oem power']);
  });

  it('settles every figure with its own kW, and with a no', () => {
    const withKw = draft({ state: 'limited', kw: 45, source: ['bench-test'] });
    expect(withKw).toMatchObject({ state: 'limited', kw: 45, decidedBy: 'curated-observation', missing: [] });
    const refused = draft({ state: 'no', kw: null, note: 'refused', source: ['bench-test'] });
    expect(refused).toMatchObject({ state: 'no', kw: 0, decidedBy: 'curated-observation', missing: [] });
  });

  it("publishes the observation's rule and its remaining figures in the edge's explanation", () => {
    const edge = deriveEdge(
      dataset({
        ...parts,
        observations: [
          observation({ vehicle: car.slug, charger: sup.slug, region: 'NA', state: 'ok', kw: null, source: ['forum'] }),
        ],
      }),
      vague,
      low,
      'NA',
    )!;
    expect(edge.explanation).toMatchObject({
      decidedBy: 'curated-observation',
      path: { current: 'DC', inlet: 'ccs1' },
    });
    expect(edge.explanation.missing.map((m) => m.figure.column)).toEqual(['max_dc_kw_oem']);
  });
});
