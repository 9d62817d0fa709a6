// EstimateBuilder: what a power rule found on a path (caps on record, missing figures) becomes the path's estimate:
// kW = the smallest cap, 0 without the vehicle's own maximum; the range left open; whether the charger side binds.
import { describe, expect, it } from 'vitest';
import { EstimateBuilder, round1 } from '../../build/derive/power-estimate.ts';
import type { FigureRef } from '../../build/derive/rule.ts';

const PEAK: FigureRef = { file: 'vehicles.csv', row: 'test-car', column: 'max_dc_kw_oem' };
const UNIT_MAX: FigureRef = { file: 'chargers.csv', row: 'test-unit', column: 'output_voltage_max_v' };
const BOOST: FigureRef = { file: 'vehicles.csv', row: 'test-car', column: 'boost_dc_kw' };

describe('round1', () => {
  it('rounds to 0.1 kW', () => {
    expect([round1(7.36), round1(49.625), round1(11.04), round1(0.04)]).toEqual([7.4, 49.6, 11, 0]);
  });
});

describe('EstimateBuilder', () => {
  it('publishes the smallest cap on record and marks the charger side limiting only below the vehicle cap', () => {
    const e = new EstimateBuilder().cap('vehicle', 150, ['car']).cap('outlet', 120, ['unit']).build();
    expect(e).toEqual({
      kw: 120,
      lowKw: 120,
      highKw: 120,
      caps: [
        { cap: 'vehicle', kw: 150, sources: ['car'] },
        { cap: 'outlet', kw: 120, sources: ['unit'] },
      ],
      chargerLimited: true,
      impossible: null,
      missing: [],
      unchecked: [],
      implied: [],
    });
    // A charger-side cap equal to the vehicle's does not bind below it.
    expect(new EstimateBuilder().cap('vehicle', 150, ['car']).cap('outlet', 150, ['unit']).build()).toMatchObject({
      kw: 150,
      chargerLimited: false,
    });
  });

  it('rounds each cap to 0.1 kW and gives its sources once, sorted', () => {
    const e = new EstimateBuilder().cap('vehicle', 49.64, ['b', 'a', 'b']).build();
    expect(e.caps).toEqual([{ cap: 'vehicle', kw: 49.6, sources: ['a', 'b'] }]);
    expect(e.kw).toBe(49.6);
  });

  it('publishes 0 without a vehicle cap, however many charger-side caps there are, and is then not limited', () => {
    const e = new EstimateBuilder()
      .cap('outlet', 350, ['unit'])
      .cap('current', 200, ['plug'])
      .decidesPower(PEAK, "the car's own DC peak", null)
      .build();
    expect(e).toMatchObject({ kw: 0, lowKw: null, highKw: 200, chargerLimited: false });
    expect(e.missing).toEqual([
      { figure: PEAK, decides: 'power', why: "the car's own DC peak", kwMin: null, kwMax: 200 },
    ]);
  });

  it('takes a conditional cap into the published kW but not into the sure upper bound', () => {
    const e = new EstimateBuilder()
      .cap('vehicle', 230, ['car'])
      .cap('outlet', 350, ['unit'])
      .cap('boost', 126, ['car'], true);
    expect(e.surelyCappedAt()).toBe(230);
    expect(e.decidesPower(UNIT_MAX, 'direct or boosted', 126).build()).toMatchObject({
      kw: 126,
      lowKw: 126,
      highKw: 230,
      chargerLimited: true,
    });
  });

  it('is not bounded above (surely capped at Infinity, highKw null) before any cap', () => {
    const e = new EstimateBuilder();
    expect(e.surelyCappedAt()).toBe(Infinity);
    expect(e.build()).toMatchObject({ kw: 0, highKw: null, lowKw: null });
  });

  it('leaves lowKw at the least any power-deciding figure allows, and null when one is unbounded below', () => {
    const base = () => new EstimateBuilder().cap('vehicle', 11, ['car']);
    expect(base().decidesPower(PEAK, 'phases', 7.36).build()).toMatchObject({ kw: 11, lowKw: 7.4 });
    // A figure whose least is above the published kW does not raise the low end above it.
    expect(base().decidesPower(PEAK, 'phases', 20).build()).toMatchObject({ kw: 11, lowKw: 11 });
    expect(base().decidesPower(PEAK, 'phases', 3.7).decidesPower(UNIT_MAX, 'x', null).build()).toMatchObject({
      lowKw: null,
    });
  });

  it('gives a state-deciding figure kwMin 0 and leaves it out of the power range', () => {
    const e = new EstimateBuilder()
      .cap('vehicle', 150, ['car'])
      .decidesState(BOOST, 'whether it has a boost path')
      .build();
    expect(e.missing).toEqual([
      { figure: BOOST, decides: 'state', why: 'whether it has a boost path', kwMin: 0, kwMax: 150 },
    ]);
    expect(e).toMatchObject({ kw: 150, lowKw: 150, highKw: 150 });
  });

  it('rounds a power figure’s kwMin to 0.1 kW', () => {
    const e = new EstimateBuilder().cap('vehicle', 11, ['car']).decidesPower(PEAK, 'x', 3.68).build();
    expect(e.missing[0]!.kwMin).toBe(3.7);
  });

  it('rules the path out with kW 0, lowKw 0 and no limitation, keeping the reason', () => {
    const e = new EstimateBuilder().cap('vehicle', 150, ['car']).cap('outlet', 50, ['unit']).ruleOut('too low').build();
    expect(e).toMatchObject({ kw: 0, lowKw: 0, highKw: 50, chargerLimited: false, impossible: 'too low' });
  });

  it('lists unchecked inputs in order and implied facts once, sorted', () => {
    const e = new EstimateBuilder()
      .cap('vehicle', 11, ['car'])
      .uncheck('wallbox phases')
      .uncheck('outlet current')
      .imply('implied-b')
      .imply('implied-a')
      .imply('implied-b')
      .build();
    expect(e.unchecked).toEqual(['wallbox phases', 'outlet current']);
    expect(e.implied).toEqual(['implied-a', 'implied-b']);
  });
});
