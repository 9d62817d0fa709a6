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
import { dataset, path } from '../../helpers/rows.ts';

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
  power: { kw: 150, chargerLimited: false, impossible: null, missing: [], unchecked: [] },
  protocols: ['DIN70121'],
  protocolGap: null,
  state: 'unk',
  kw: 0,
  reason: null,
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
  it('is usable with the power figure and no reason when nothing is missing', () => {
    expect(judged({})).toMatchObject({ state: 'ok', kw: 150, reason: null });
  });

  it('is no with the known limit as its reason, kW 0', () => {
    const v = judged({
      power: { kw: 0, chargerLimited: false, impossible: 'the unit is too low', missing: [], unchecked: [] },
    });
    expect(v).toMatchObject({ state: 'no', kw: 0, reason: 'the unit is too low' });
  });

  it('is no for a known protocol incompatibility, unk for a protocol gap; a usable path always names a protocol', () => {
    expect(judged({ protocols: [], protocolGap: { incompatible: true, reason: 'Tesla only' } })).toMatchObject({
      state: 'no',
      reason: 'Tesla only',
    });
    expect(judged({ protocols: [], protocolGap: { incompatible: false, reason: 'nothing on record' } })).toMatchObject({
      state: 'unk',
      kw: 0,
      reason: 'nothing on record',
    });
  });

  it('is unk naming every missing figure, never no for a missing one', () => {
    const v = judged({
      power: { kw: null, chargerLimited: false, impossible: null, missing: ['vehicle a', 'charger b'], unchecked: [] },
    });
    expect(v).toMatchObject({ state: 'unk', kw: 0, reason: 'vehicle a is not known; charger b is not known' });
    expect(pathInputs(v).impossible).toBeNull();
  });
});
