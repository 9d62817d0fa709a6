// Rule "state-precedence": the contract's order of states, the reason of a no or unk, and how verdicts compare.
import { describe, expect, it } from 'vitest';
import type { State } from '../../../build/core/vocabulary.ts';
import {
  compareVerdicts,
  pathInputs,
  statePrecedence,
  statePrecedenceRule,
  type StateInputs,
} from '../../../build/derive/rules/state-precedence.ts';
import type { PathVerdict } from '../../../build/derive/rule.ts';
import { adapter, connectorRow, dataset, missingFigure, path, powerEstimate } from '../../helpers/rows.ts';

/** The contract's order: the first state whose condition holds. */
const ORDER: [number, State][] = [
  [0, 'no'],
  [1, 'unk'],
  [2, 'adp'],
  [3, 'limited'],
];
const combinations: [StateInputs, State][] = Array.from({ length: 16 }, (_, bits) => {
  const on = (i: number) => (bits & (1 << i)) !== 0;
  const inputs: StateInputs = {
    impossible: on(0) ? 'a known limit' : null,
    unknown: on(1) ? ['a missing figure'] : [],
    adapter: on(2),
    chargerLimited: on(3),
  };
  return [inputs, ORDER.find(([i]) => on(i))?.[1] ?? 'ok'];
});

const verdict = (o: Partial<PathVerdict> = {}): PathVerdict => ({
  path: path(),
  power: powerEstimate(),
  protocols: ['DIN70121'],
  protocolGap: null,
  state: 'unk',
  kw: 0,
  reason: null,
  decidedBy: 'state-precedence',
  ...o,
});
const judged = (o: Partial<PathVerdict>) => {
  const v = verdict(o);
  if (statePrecedenceRule.stage !== 'path') throw new Error('state-precedence is a path rule');
  statePrecedenceRule.judge({ data: dataset({}) } as never, v);
  return v;
};

describe('statePrecedence', () => {
  it.each(combinations)('%o → %s', (inputs, expected) => {
    expect(statePrecedence(inputs)).toBe(expected);
  });

  it('covers all 16 combinations and every state', () => {
    expect(new Set(combinations.map(([i]) => JSON.stringify(i))).size).toBe(16);
    expect(new Set(combinations.map(([, s]) => s))).toEqual(new Set(['no', 'unk', 'adp', 'limited', 'ok']));
  });
});

describe('compareVerdicts', () => {
  it('orders ok, limited, adp, unk, no whatever the power', () => {
    const verdicts = [
      { state: 'no' as const, kw: 0 },
      { state: 'adp' as const, kw: 250 },
      { state: 'unk' as const, kw: 0 },
      { state: 'ok' as const, kw: 7 },
      { state: 'limited' as const, kw: 50 },
    ];
    expect([...verdicts].sort(compareVerdicts).map((v) => v.state)).toEqual(['ok', 'limited', 'adp', 'unk', 'no']);
  });

  it('puts higher power first within a state', () => {
    const verdicts = [
      { state: 'limited' as const, kw: 50 },
      { state: 'limited' as const, kw: 120 },
      { state: 'limited' as const, kw: 80 },
    ];
    expect([...verdicts].sort(compareVerdicts).map((v) => v.kw)).toEqual([120, 80, 50]);
  });

  it('returns a negative number when the first is better, positive when worse, 0 when equal', () => {
    expect(compareVerdicts({ state: 'ok', kw: 1 }, { state: 'adp', kw: 300 })).toBeLessThan(0);
    expect(compareVerdicts({ state: 'unk', kw: 0 }, { state: 'adp', kw: 1 })).toBeGreaterThan(0);
    expect(compareVerdicts({ state: 'ok', kw: 11 }, { state: 'ok', kw: 11 })).toBe(0);
  });
});

describe('rule state-precedence on a path', () => {
  it('is usable with the power figure and no reason when nothing is missing, decided by the power rule', () => {
    expect(judged({})).toMatchObject({ state: 'ok', kw: 150, reason: null, decidedBy: 'dc-power' });
    const ac = path({ current: 'AC', connector: connectorRow({ connector: 'type2' }), vehicleInlet: 'type2' });
    expect(judged({ path: ac })).toMatchObject({ state: 'ok', decidedBy: 'ac-power' });
  });

  it('is limited only when the power rule found a charger-side cap binding below the vehicle maximum', () => {
    expect(judged({ power: powerEstimate({ kw: 50, chargerLimited: true }) })).toMatchObject({
      state: 'limited',
      kw: 50,
      decidedBy: 'dc-power',
    });
  });

  it('is adp through an adapter (decided by the adapter path), whatever the power rule found', () => {
    const through = path({ connector: connectorRow({ connector: 'nacs' }), vehicleInlet: 'ccs1', adapter: adapter() });
    expect(judged({ path: through, power: powerEstimate({ chargerLimited: true }) })).toMatchObject({
      state: 'adp',
      kw: 150,
      decidedBy: 'adapter-path',
    });
  });

  it('is no with the known limit as its reason, kW 0, decided by the power rule', () => {
    const v = judged({ power: powerEstimate({ kw: 0, impossible: 'the unit is too low' }) });
    expect(v).toMatchObject({ state: 'no', kw: 0, reason: 'the unit is too low', decidedBy: 'dc-power' });
  });

  it('is no for a known protocol incompatibility, unk for a protocol gap; a usable path always names a protocol', () => {
    expect(judged({ protocols: [], protocolGap: { incompatible: true, reason: 'Tesla only' } })).toMatchObject({
      state: 'no',
      reason: 'Tesla only',
      decidedBy: 'shared-protocols',
    });
    expect(judged({ protocols: [], protocolGap: { incompatible: false, reason: 'nothing on record' } })).toMatchObject({
      state: 'unk',
      kw: 0,
      reason: 'nothing on record',
      decidedBy: 'shared-protocols',
    });
  });

  it('is unk naming every figure that could rule the path out (file, row, column, why), never no for a missing one', () => {
    const v = judged({
      power: powerEstimate({
        missing: [
          missingFigure({
            figure: { file: 'vehicles.csv', row: 'car', column: 'boost_dc_kw' },
            decides: 'state',
            why: 'whether it has a boost path',
            kwMin: 0,
          }),
          missingFigure({
            figure: { file: 'chargers.csv', row: 'unit', column: 'output_voltage_max_v' },
            decides: 'state',
            why: 'an 800 V-class 800 V pack may be above it',
            kwMin: 0,
          }),
          missingFigure({ decides: 'power' }),
        ],
      }),
    });
    expect(v).toMatchObject({
      state: 'unk',
      kw: 0,
      decidedBy: 'dc-power',
      reason:
        'vehicles.csv car boost_dc_kw is not known (whether it has a boost path); ' +
        'chargers.csv unit output_voltage_max_v is not known (an 800 V-class 800 V pack may be above it)',
    });
    expect(pathInputs(v).impossible).toBeNull();
  });

  it('keeps a path whose missing figures decide only the power usable, at the power rule’s kW (0 when not on record)', () => {
    const peakMissing = powerEstimate({ kw: 0, caps: [], missing: [missingFigure()] });
    expect(judged({ power: peakMissing })).toMatchObject({ state: 'ok', kw: 0, reason: null, decidedBy: 'dc-power' });
    expect(pathInputs(judged({ power: peakMissing })).unknown).toEqual([]);
    const open = powerEstimate({ kw: 120, chargerLimited: true, missing: [missingFigure({ kwMin: 60 })] });
    expect(judged({ power: open })).toMatchObject({ state: 'limited', kw: 120, reason: null });
  });

  it('lets a known limit win over a missing figure (no before unk)', () => {
    const both = powerEstimate({
      kw: 0,
      impossible: 'the unit is too low',
      missing: [missingFigure({ decides: 'state', kwMin: 0 })],
    });
    expect(judged({ power: both })).toMatchObject({
      state: 'no',
      reason: 'the unit is too low',
      decidedBy: 'dc-power',
    });
  });
});
