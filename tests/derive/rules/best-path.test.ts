// Rule "best-path": which path answers the edge: the unit's own current first, then state, power, direct before adapter.
import { describe, expect, it } from 'vitest';
import { deriveDraft } from '../../../build/derive/derive-edge.ts';
import { compareCandidates, fasterUnknown } from '../../../build/derive/rules/best-path.ts';
import type { PathVerdict } from '../../../build/derive/rule.ts';
import { adapter, charger, connectorRow, dataset, path, vehicle, vehicleRegion } from '../../helpers/rows.ts';

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
  ...o,
});
const best = (unit: 'AC' | 'DC', verdicts: PathVerdict[]) => [...verdicts].sort(compareCandidates(unit))[0];

describe('compareCandidates', () => {
  it('answers a DC unit with its DC path even when the DC figure is unknown and an AC socket would work', () => {
    const dcUnknown = verdict({ current: 'DC', state: 'unk', kw: 0 });
    const acOk = verdict({ current: 'AC', state: 'ok', kw: 11 });
    expect(best('DC', [acOk, dcUnknown])).toBe(dcUnknown);
  });

  it('falls back to the AC socket when every DC path is ruled out (a known limit, not a gap)', () => {
    const dcNo = verdict({ current: 'DC', state: 'no', kw: 0 });
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

describe('fasterUnknown', () => {
  const unknown = (upperKw: number | undefined) =>
    verdict({
      state: 'unk',
      kw: 0,
      power: { kw: null, chargerLimited: false, impossible: null, missing: ['x'], unchecked: [], upperKw },
    });

  it('finds an unknown path that could give more than the usable one chosen', () => {
    const adapterAt250 = verdict({ state: 'adp', kw: 250 });
    expect(fasterUnknown([adapterAt250, unknown(350)], adapterAt250)).toMatchObject({ state: 'unk' });
    expect(fasterUnknown([adapterAt250, unknown(undefined)], adapterAt250)).toMatchObject({ state: 'unk' });
  });

  it('lets the usable path answer when no unknown path could give more, or the unknown one is of the other current', () => {
    const ok150 = verdict({ state: 'ok', kw: 150 });
    expect(fasterUnknown([ok150, unknown(150)], ok150)).toBeNull();
    expect(fasterUnknown([ok150, { ...unknown(400), path: path({ current: 'AC' }) }], ok150)).toBeNull();
    expect(fasterUnknown([unknown(400)], unknown(400))).toBeNull();
    // A path unknown for its protocol but whose power is known gives no more than that power.
    const protocolGap = verdict({
      state: 'unk',
      kw: 0,
      power: { kw: 150, chargerLimited: false, impossible: null, missing: [], unchecked: [] },
    });
    expect(fasterUnknown([ok150, protocolGap], ok150)).toBeNull();
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

  it('is unk by the DC path, not ok at 11 kW by the socket', () => {
    const draft = deriveDraft(data, car, unit, 'EU')!;
    expect(draft).toMatchObject({ state: 'unk', kw: 0 });
    expect(draft.best?.path.current).toBe('DC');
    expect(draft.reason).toMatch(/output_voltage_max_v/);
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
