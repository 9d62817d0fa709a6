// Rule "best-path": which path answers the edge: a usable path before an unknown one, then the unit's own current, then
// state, power, direct before adapter; and the missing figures behind the answer.
import { describe, expect, it } from 'vitest';
import { deriveDraft } from '../../../build/derive/derive-edge.ts';
import { answerMissing, compareCandidates } from '../../../build/derive/rules/best-path.ts';
import type { MissingFigure, PathVerdict } from '../../../build/derive/rule.ts';
import { DERIVED_CONFIDENCE } from '../../../build/derive/rules/confidence.ts';
import {
  adapter,
  charger,
  connectorRow,
  dataset,
  missingFigure,
  path,
  powerEstimate,
  vehicle,
  vehicleRegion,
} from '../../helpers/rows.ts';

const verdict = (o: Partial<PathVerdict> & { current?: 'AC' | 'DC' }): PathVerdict => ({
  path: path({
    current: o.current ?? 'DC',
    connector: connectorRow({ connector: o.current === 'AC' ? 'type2' : 'ccs2' }),
  }),
  power: null,
  protocols: [],
  protocolGap: null,
  state: 'ok',
  kw: 50,
  reason: null,
  decidedBy: 'dc-power',
  ...o,
});
const best = (unit: 'AC' | 'DC', verdicts: PathVerdict[]) => [...verdicts].sort(compareCandidates(unit))[0];

describe('compareCandidates', () => {
  it('answers with a usable path before an unknown one, even of the other current (whether it charges is then known)', () => {
    const dcUnknown = verdict({ current: 'DC', state: 'unk', kw: 0 });
    const acOk = verdict({ current: 'AC', state: 'ok', kw: 11 });
    expect(best('DC', [dcUnknown, acOk])).toBe(acOk);
    const acAdapter = verdict({ current: 'AC', state: 'adp', kw: 7 });
    expect(best('DC', [dcUnknown, acAdapter])).toBe(acAdapter);
  });

  it("takes the unit's own current first among usable paths, whatever the state and power", () => {
    const dcLimited = verdict({ current: 'DC', state: 'limited', kw: 20 });
    const acOk = verdict({ current: 'AC', state: 'ok', kw: 22 });
    expect(best('DC', [acOk, dcLimited])).toBe(dcLimited);
    expect(best('AC', [dcLimited, acOk])).toBe(acOk);
  });

  it("takes the unit's own current first among unknown paths", () => {
    const dcUnknown = verdict({ current: 'DC', state: 'unk', kw: 0 });
    const acUnknown = verdict({ current: 'AC', state: 'unk', kw: 0 });
    expect(best('DC', [acUnknown, dcUnknown])).toBe(dcUnknown);
    expect(best('AC', [dcUnknown, acUnknown])).toBe(acUnknown);
  });

  it('falls back to an unknown path, then to a ruled-out one, only when nothing better is left', () => {
    const dcNo = verdict({ current: 'DC', state: 'no', kw: 0 });
    const acUnknown = verdict({ current: 'AC', state: 'unk', kw: 0 });
    expect(best('DC', [dcNo, acUnknown])).toBe(acUnknown);
    const acOk = verdict({ current: 'AC', state: 'ok', kw: 11 });
    expect(best('DC', [dcNo, acOk])).toBe(acOk);
  });

  it('orders by state, then power, within one current', () => {
    const limited120 = verdict({ state: 'limited', kw: 120 });
    const limited50 = verdict({ state: 'limited', kw: 50 });
    const adp150 = verdict({ state: 'adp', kw: 150 });
    expect([adp150, limited50, limited120].sort(compareCandidates('DC'))).toEqual([limited120, limited50, adp150]);
  });

  it('takes a direct path before an adapter path of the same state and power', () => {
    const throughAdapter = verdict({
      state: 'unk',
      kw: 0,
      path: path({ connector: connectorRow({ connector: 'ccs1' }), adapter: adapter() }),
    });
    const direct = verdict({ state: 'unk', kw: 0, path: path({ connector: connectorRow({ connector: 'nacs' }) }) });
    expect(best('DC', [throughAdapter, direct])).toBe(direct);
  });
});

describe('answerMissing', () => {
  const figure = (column: string, decides: MissingFigure['decides'], o: Partial<MissingFigure> = {}) =>
    missingFigure({
      figure: { file: 'vehicles.csv', row: 'car', column },
      decides,
      kwMin: decides === 'state' ? 0 : null,
      kwMax: 150,
      ...o,
    });
  const boost = figure('boost_dc_kw', 'state');
  const pack = figure('architecture_voltage_v', 'state');
  const peak = figure('max_dc_kw_oem', 'power');
  const dcUnknown = verdict({
    current: 'DC',
    state: 'unk',
    kw: 0,
    power: powerEstimate({ missing: [boost, pack, peak] }),
  });

  it("is the chosen path's missing figures when no unknown path of the unit's current is left over", () => {
    const phases = figure('ac_phases', 'power', { kwMin: 7.4 });
    const acOk = verdict({ current: 'AC', state: 'ok', kw: 11, power: powerEstimate({ missing: [phases] }) });
    expect(answerMissing([acOk], acOk, 'AC')).toEqual([phases]);
    // An unknown DC path at an AC unit does not sharpen the AC answer.
    expect(answerMissing([acOk, dcUnknown], acOk, 'AC')).toEqual([phases]);
    expect(answerMissing([verdict({ power: null })], verdict({ power: null }), 'DC')).toEqual([]);
  });

  it("adds the state figures of an unknown path of the unit's current as power figures, from the chosen kW up", () => {
    const acOk = verdict({ current: 'AC', state: 'ok', kw: 11, power: powerEstimate({ kw: 11 }) });
    expect(answerMissing([acOk, dcUnknown], acOk, 'DC')).toEqual([
      { ...boost, decides: 'power', kwMin: 11 },
      { ...pack, decides: 'power', kwMin: 11 },
    ]);
  });

  it('names a figure once when the chosen path already lacks it', () => {
    const acOk = verdict({
      current: 'AC',
      state: 'ok',
      kw: 11,
      power: powerEstimate({ kw: 11, missing: [figure('boost_dc_kw', 'power', { kwMin: 5 })] }),
    });
    expect(answerMissing([acOk, dcUnknown], acOk, 'DC').map((m) => [m.figure.column, m.kwMin])).toEqual([
      ['boost_dc_kw', 5],
      ['architecture_voltage_v', 11],
    ]);
  });

  it('adds nothing to an unknown answer: its own figures decide its state', () => {
    const acUnknown = verdict({ current: 'AC', state: 'unk', kw: 0, power: powerEstimate({ missing: [pack] }) });
    expect(answerMissing([acUnknown, dcUnknown], acUnknown, 'DC')).toEqual([pack]);
  });
});

describe('rule best-path on a DC unit with an AC socket', () => {
  // An 800 V car whose DC path is unknown (the unit's voltage is not stated) at a 50 kW DC unit with a 43 kW socket.
  const car = vehicle({ architecture_voltage_v: 800, max_dc_kw_oem: 240, max_ac_kw_oem: 11, ac_phases: 3 });
  const unit = charger({ slug: 'dc-50-ac-43', nominal_max_kw: 50, output_voltage_max_v: null });
  const parts = {
    vehicles: [car],
    vehicleRegions: [vehicleRegion()],
    chargers: [unit],
    chargerConnectors: [
      connectorRow({ charger: unit.slug, connector: 'ccs2', max_kw: 50 }),
      connectorRow({ charger: unit.slug, connector: 'type2', max_kw: 43, phases: 3 }),
    ],
  };
  const data = dataset(parts);

  it('is ok at 11 kW by the socket (it charges), listing the DC figures that would sharpen it, at most 0.55 sure', () => {
    const draft = deriveDraft(data, car, unit, 'EU')!;
    expect(draft).toMatchObject({ state: 'ok', kw: 11, reason: null, decidedBy: 'ac-power' });
    expect(draft.best?.path.current).toBe('AC');
    expect(draft.verdicts.find((v) => v.path.current === 'DC')?.state).toBe('unk');
    // The DC path's open figures: with them it may charge at up to the unit's 50 kW.
    expect(draft.missing.map((m) => [m.figure.column, m.decides, m.kwMin, m.kwMax])).toEqual([
      ['output_voltage_max_v', 'power', 11, 50],
      ['boost_dc_kw', 'power', 11, 50],
    ]);
    expect(draft.confidence).toBeLessThanOrEqual(DERIVED_CONFIDENCE.couldHalveCeiling);
  });

  it('is unk by the DC path when the socket does not meet the car either', () => {
    const dcOnly = dataset({ ...parts, chargerConnectors: [parts.chargerConnectors[0]!] });
    const draft = deriveDraft(dcOnly, car, unit, 'EU')!;
    expect(draft).toMatchObject({ state: 'unk', kw: 0, decidedBy: 'dc-power' });
    expect(draft.reason).toMatch(/output_voltage_max_v/);
    expect(draft.missing.map((m) => m.decides)).toEqual(['state', 'state']);
  });

  it('gives the DC answer once the DC path is known', () => {
    const known = { ...unit, output_voltage_max_v: 920 };
    const draft = deriveDraft(dataset({ ...parts, chargers: [known] }), car, known, 'EU');
    expect(draft).toMatchObject({ state: 'limited', kw: 50 });
  });

  it('is no with its reason when no outlet meets an inlet', () => {
    const chademoOnly = charger({ slug: 'chademo-only' });
    const draft = deriveDraft(
      dataset({
        vehicles: [car],
        vehicleRegions: [vehicleRegion()],
        chargers: [chademoOnly],
        chargerConnectors: [connectorRow({ charger: 'chademo-only', connector: 'chademo' })],
      }),
      car,
      chademoOnly,
      'EU',
    )!;
    expect(draft).toMatchObject({ state: 'no', best: null });
    expect(draft.reason).toBe('no outlet of the unit meets an inlet of the vehicle, even through an adapter');
  });
});
