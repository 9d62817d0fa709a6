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
