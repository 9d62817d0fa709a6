// Implied facts: the phases an on-board charger may have when its own figure is not on record, from what one phase of
// the region's supply carries (REGION_TABLE singlePhaseMaxA × the phase voltage), and the implications' one list.
import { describe, expect, it } from 'vitest';
import { singlePhaseMaxKw } from '../../build/core/regions.ts';
import { IMPLICATIONS, IMPLIED_AC_PHASES, impliedPhaseOptions } from '../../build/derive/implied-facts.ts';
import { vehicle } from '../helpers/rows.ts';

const onBoard = (kw: number | null, phases: number | null = null) => vehicle({ max_ac_kw_oem: kw, ac_phases: phases });

describe('singlePhaseMaxKw', () => {
  it('is 32 A × 230 V = 7.4 kW in EU, TR and GB and 80 A × 240 V = 19.2 kW in NA', () => {
    expect((['EU', 'TR', 'NA', 'GB'] as const).map((region) => [region, singlePhaseMaxKw(region)])).toEqual([
      ['EU', 7.4],
      ['TR', 7.4],
      ['NA', 19.2],
      ['GB', 7.4],
    ]);
  });
});

describe('impliedPhaseOptions', () => {
  it('rules one phase out for an on-board charger above what one phase carries (7.4 kW is the boundary in 230 V markets)', () => {
    for (const region of ['EU', 'TR', 'GB'] as const) {
      expect(impliedPhaseOptions(onBoard(7.5), region)).toEqual([2, 3]);
      expect(impliedPhaseOptions(onBoard(11), region)).toEqual([2, 3]);
      expect(impliedPhaseOptions(onBoard(7.4), region)).toBeNull();
    }
  });

  it('implies nothing in NA below 19.2 kW, and rules one phase out above it', () => {
    expect(impliedPhaseOptions(onBoard(11), 'NA')).toBeNull();
    expect(impliedPhaseOptions(onBoard(19.2), 'NA')).toBeNull();
    expect(impliedPhaseOptions(onBoard(22), 'NA')).toEqual([2, 3]);
  });

  it("implies nothing where the car's own phases are on record, or its AC maximum is not", () => {
    expect(impliedPhaseOptions(onBoard(11, 1), 'EU')).toBeNull();
    expect(impliedPhaseOptions(onBoard(11, 3), 'EU')).toBeNull();
    expect(impliedPhaseOptions(onBoard(null), 'EU')).toBeNull();
  });
});

describe('IMPLICATIONS', () => {
  it('lists each implication by its id, and implied-ac-phases names its figures', () => {
    expect([...IMPLICATIONS.keys()]).toEqual([IMPLIED_AC_PHASES.id]);
    expect(IMPLICATIONS.get('implied-ac-phases')).toBe(IMPLIED_AC_PHASES);
    expect(IMPLIED_AC_PHASES.title).toMatch(/7\.4 kW = 32 A × 230 V/);
    expect(IMPLIED_AC_PHASES.title).toMatch(/19\.2 kW = 80 A × 240 V/);
  });
});
