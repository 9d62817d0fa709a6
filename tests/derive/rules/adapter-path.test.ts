// Rule "adapter-path": an adapter bridges a connector and an inlet only within its programme (brands, families, model
// years, chargers, regions, start day).
import { describe, expect, it } from 'vitest';
import type { AdapterEntry } from '../../../build/data/tables.ts';
import { adapterPaths } from '../../../build/derive/rules/adapter-path.ts';
import { adapter, connectorRow, pairingOfRows as pairing, vehicleRegion } from '../../helpers/rows.ts';

describe('rule adapter-path: an adapter belongs to a programme', () => {
  const nacs = connectorRow({ region: 'NA', connector: 'nacs' });
  const na = vehicleRegion({ region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' });
  const paths = (a: AdapterEntry, o: Parameters<typeof pairing>[5] = {}) =>
    adapterPaths(pairing(na, [nacs], 'DC', [a], 'NA', o));

  it('applies to the brands it covers only', () => {
    expect(paths(adapter({ brands: ['Test'] }))).toHaveLength(1);
    expect(paths(adapter({ brands: ['Other'] }))).toEqual([]);
    expect(paths(adapter({ brands: ['Other', 'Test'] }))).toHaveLength(1);
  });

  it('applies to its families and model years only, when it names them', () => {
    expect(paths(adapter({ families: ['Car'] }))).toHaveLength(1);
    expect(paths(adapter({ families: ['Truck'] }))).toEqual([]);
    expect(paths(adapter({ model_years: { from: 2022, to: 2024 } }))).toHaveLength(1);
    expect(paths(adapter({ model_years: { from: 2025, to: 2026 } }))).toEqual([]);
    expect(paths(adapter({ model_years: { from: 2020, to: 2023 } }))).toEqual([]);
  });

  it('applies at the chargers it admits only, when it names them', () => {
    expect(paths(adapter({ chargers: ['test-hpc-350'] }))).toHaveLength(1);
    expect(paths(adapter({ chargers: ['super-v3'] }))).toEqual([]);
  });

  it('applies from its start day: a release before it does not use it', () => {
    const programme = adapter({ starts: '2025-03-25' });
    expect(paths(programme, { asOf: '2025-03-24' })).toEqual([]);
    expect(paths(programme, { asOf: '2025-03-25' })).toHaveLength(1);
    expect(paths(programme, { asOf: null })).toHaveLength(1);
    expect(paths(adapter({ starts: null }), { asOf: '2020-01-01' })).toHaveLength(1);
  });
});
