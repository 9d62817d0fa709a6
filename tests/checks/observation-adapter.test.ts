// The "observation-adapter" check (build/checks/observation-adapter.ts), against what the rules derive for the same pairing.
import { describe, expect, it } from 'vitest';
import { observationAdapter } from '../../build/checks/observation-adapter.ts';
import { observationProblems } from '../helpers/observed.ts';

describe('observation-adapter', () => {
  it('accepts adp where only an adapter fits, and ok or limited where the connector fits', () => {
    expect(observationProblems(observationAdapter, { charger: 'test-nacs-250', state: 'adp', kw: 120 })).toEqual([]);
    expect(observationProblems(observationAdapter, { charger: 'test-ccs1-350', state: 'limited', kw: 120 })).toEqual(
      [],
    );
  });

  it('refuses ok or limited where only an adapter makes the pairing work', () => {
    expect(observationProblems(observationAdapter, { charger: 'test-nacs-250', state: 'limited', kw: 120 })).toEqual([
      [
        4,
        'test-car-2024-na meets test-nacs-250 in NA only through an adapter (nacs-to-ccs1): the state is adp (or no, or unk), not limited',
      ],
    ]);
  });

  it('refuses adp where the connector fits directly, and any working state where no path exists', () => {
    expect(observationProblems(observationAdapter, { charger: 'test-ccs1-350', state: 'adp', kw: 120 })).toEqual([
      [
        4,
        "test-car-2024-na's ccs1 inlet fits test-ccs1-350's connector directly in NA: no adapter is needed, so the state is not adp",
      ],
    ]);
    expect(
      observationProblems(observationAdapter, { charger: 'test-chademo-50', state: 'ok', kw: 40 }).map(
        ([, message]) => message,
      ),
    ).toEqual([
      "no connector of test-chademo-50 meets test-car-2024-na's inlets in NA, and no adapter programme covers the pairing: the state can only be no or unk",
    ]);
    expect(observationProblems(observationAdapter, { charger: 'test-chademo-50', state: 'no', kw: null })).toEqual([]);
  });
});
