// The "fact-sources" check (build/checks/fact-sources.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { factSources } from '../../build/checks/fact-sources.ts';
import { charger, citedBy, column, connectorRow, located } from '../helpers/rows.ts';
import { cleanTables, withVehicle } from '../helpers/check-tables.ts';

describe('fact-sources', () => {
  it('passes each filled figure citing its own source, and empty figures citing nothing', () => {
    expect(factSources.check(withVehicle({}), NOTHING_PUBLISHED)).toEqual([]);
    expect(
      factSources.check(
        withVehicle({
          boost_dc_kw: 0,
          ...citedBy(['spec-sheet'], ['boost_dc_kw']),
          max_dc_kw_oem: null,
          max_dc_kw_oem_source: [],
        }),
        NOTHING_PUBLISHED,
      ),
    ).toEqual([]);
  });

  it('reports a filled figure without its source, and a source without its figure, at the source column', () => {
    const problems = factSources.check(
      withVehicle({ max_dc_kw_oem_source: [], ac_phases: null, ac_one_phase_a_source: ['spec-sheet'] }),
      NOTHING_PUBLISHED,
    );
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      [
        column('vehicles', 'max_dc_kw_oem_source'),
        'max_dc_kw_oem is filled but max_dc_kw_oem_source cites no source for it',
      ],
      [column('vehicles', 'ac_phases_source'), 'ac_phases_source cites sources but ac_phases is empty'],
      [column('vehicles', 'ac_one_phase_a_source'), 'ac_one_phase_a_source cites sources but ac_one_phase_a is empty'],
    ]);
  });

  it("judges each figure alone: another figure's source never stands for it", () => {
    const problems = factSources.check(
      withVehicle({ boost_dc_kw: 120, ...citedBy(['spec-sheet'], ['architecture_voltage_v', 'max_dc_kw_oem']) }),
      NOTHING_PUBLISHED,
    );
    expect(problems.map((p) => p.message)).toEqual([
      'boost_dc_kw is filled but boost_dc_kw_source cites no source for it',
    ]);
  });

  it("judges a charger's and an outlet's figures as a vehicle's, each at its own source column", () => {
    const t = cleanTables();
    expect(factSources.check(t, NOTHING_PUBLISHED)).toEqual([]);
    t.chargers.push(located('chargers', 4, charger({ slug: 'test-hpc-150', output_voltage_max_v_source: [] })));
    t.chargerConnectors.push(
      located(
        'chargerConnectors',
        9,
        connectorRow({ charger: 'test-hpc-150', max_kw: null, max_kw_source: ['spec-sheet'] }),
      ),
    );
    expect(factSources.check(t, NOTHING_PUBLISHED).map((p) => [p.file, p.line, p.column, p.message])).toEqual([
      [
        'data/chargers.csv',
        4,
        column('chargers', 'output_voltage_max_v_source'),
        'output_voltage_max_v is filled but output_voltage_max_v_source cites no source for it',
      ],
      [
        'data/charger_connectors.csv',
        9,
        column('chargerConnectors', 'max_kw_source'),
        'max_kw_source cites sources but max_kw is empty',
      ],
    ]);
  });
});
