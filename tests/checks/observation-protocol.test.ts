// The "observation-protocol" check (build/checks/observation-protocol.ts), against what the rules derive for the same pairing.
import { describe, expect, it } from 'vitest';
import { observedPairings } from '../../build/checks/observed-pairings.ts';
import { observationProtocol } from '../../build/checks/observation-protocol.ts';
import { dataset, located, observation } from '../helpers/rows.ts';
import { NA_CAR, PARTS, observationProblems } from '../helpers/observed.ts';

describe('observation-protocol', () => {
  it('accepts a usable observation over a protocol both sides speak, and a no or unk whatever is on record', () => {
    expect(observationProblems(observationProtocol, { charger: 'test-nacs-250', state: 'adp', kw: 120 })).toEqual([]);
    expect(observationProblems(observationProtocol, { charger: 'test-chademo-50', state: 'no', kw: null })).toEqual([]);
  });

  it('refuses a usable observation when no protocol both sides speak is on record (the edge would name none)', () => {
    const silent = dataset({
      ...PARTS,
      chargers: PARTS.chargers.map((c) => (c.slug === 'test-nacs-250' ? { ...c, protocols: [] } : c)),
    });
    const problems = observationProtocol.check(
      observedPairings(silent, [
        located(
          'observations',
          2,
          observation({ vehicle: NA_CAR.slug, charger: 'test-nacs-250', region: 'NA', state: 'adp', kw: 120 }),
        ),
      ]),
    );
    expect(problems.map((p) => [p.column, p.message, p.hint])).toEqual([
      [
        4,
        'test-car-2024-na at test-nacs-250 in NA is observed adp, but no protocol both sides speak over nacs is on record, so the edge would name none',
        "add the protocol to the vehicle's or the charger's protocols column, with its source",
      ],
    ]);
  });
});
