// The "fact-sources" check (build/checks/fact-sources.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { factSources } from '../../build/checks/fact-sources.ts';
import { column } from '../helpers/rows.ts';
import { withVehicle } from '../helpers/check-tables.ts';

describe('fact-sources', () => {
  it('passes figures cited by their group, and empty groups citing nothing', () => {
    expect(
      factSources.check(withVehicle({ dc_source: ['spec-sheet'], ac_source: ['spec-sheet'] }), NOTHING_PUBLISHED),
    ).toEqual([]);
    expect(
      factSources.check(
        withVehicle({ architecture_voltage_v: null, max_dc_kw_oem: null, dc_source: [], ac_source: ['spec-sheet'] }),
        NOTHING_PUBLISHED,
      ),
    ).toEqual([]);
  });

  it('reports DC figures without dc_source and an ac_source without AC figures, at those columns', () => {
    const problems = factSources.check(
      withVehicle({ dc_source: [], max_ac_kw_oem: null, ac_phases: null, ac_source: ['spec-sheet'] }),
      NOTHING_PUBLISHED,
    );
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      [
        column('vehicles', 'dc_source'),
        'architecture_voltage_v, max_dc_kw_oem are filled but dc_source cites no source for them',
      ],
      [
        column('vehicles', 'ac_source'),
        'ac_source cites sources but none of max_ac_kw_oem, ac_phases, ac_one_phase_a is filled',
      ],
    ]);
  });
});
