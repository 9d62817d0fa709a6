// Rule "connector-match" (with adapter-path beside it): which connector carries which current, and the direct paths.
import { describe, expect, it } from 'vitest';
import type { Region } from '../../../build/core/regions.ts';
import type { CurrentKind } from '../../../build/core/vocabulary.ts';
import type { AdapterEntry, ChargerConnectorRow, VehicleRegionRow } from '../../../build/data/tables.ts';
import { adapterPaths } from '../../../build/derive/rules/adapter-path.ts';
import { connectorCurrent, directPaths } from '../../../build/derive/rules/connector-match.ts';
import { CONNECTORS, adapter, connectorRow, pairingOfRows as pairing, vehicleRegion } from '../../helpers/rows.ts';

const entry = (id: string) => {
  const found = CONNECTORS.get(id);
  if (!found) throw new Error(`no connector ${id}`);
  return found;
};

describe('connectorCurrent', () => {
  it('returns the only current of a single-current connector whatever the unit', () => {
    expect(connectorCurrent(entry('ccs2'), 'AC')).toBe('DC');
    expect(connectorCurrent(entry('type2'), 'DC')).toBe('AC');
  });

  it('returns the unit kind for NACS, which carries both', () => {
    expect(connectorCurrent(entry('nacs'), 'AC')).toBe('AC');
    expect(connectorCurrent(entry('nacs'), 'DC')).toBe('DC');
  });
});

/** Rules connector-match and adapter-path together: every path, connector by connector (direct first, then adapters). */
function connectionPaths(
  vr: VehicleRegionRow,
  rows: ChargerConnectorRow[],
  kind: CurrentKind,
  connectors: typeof CONNECTORS,
  adapters: AdapterEntry[],
  region: Region,
) {
  return rows.flatMap((row) => [
    ...directPaths(vr, [row], kind, connectors),
    ...adapterPaths(pairing(vr, [row], kind, adapters, region)),
  ]);
}

describe('rules connector-match and adapter-path', () => {
  it('gives a direct path when the charger connector is the vehicle inlet', () => {
    const ccs2 = connectorRow({ connector: 'ccs2', max_kw: 300 });
    const paths = connectionPaths(vehicleRegion(), [ccs2], 'DC', CONNECTORS, [adapter()], 'EU');
    expect(paths).toEqual([{ current: 'DC', connector: ccs2, vehicleInlet: 'ccs2', adapter: null }]);
  });

  it('gives no path when nothing matches and no adapter fits', () => {
    const paths = connectionPaths(
      vehicleRegion(),
      [connectorRow({ connector: 'chademo' })],
      'DC',
      CONNECTORS,
      [adapter()],
      'EU',
    );
    expect(paths).toEqual([]);
  });

  it('skips a connector id that is not in the connector table', () => {
    const paths = connectionPaths(
      vehicleRegion(),
      [connectorRow({ connector: 'mystery-plug' })],
      'DC',
      CONNECTORS,
      [],
      'EU',
    );
    expect(paths).toEqual([]);
  });

  it('uses an adapter in a region where it is sold', () => {
    const nacs = connectorRow({ region: 'NA', connector: 'nacs' });
    const na = vehicleRegion({ region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' });
    const paths = connectionPaths(na, [nacs], 'DC', CONNECTORS, [adapter()], 'NA');
    expect(paths).toEqual([{ current: 'DC', connector: nacs, vehicleInlet: 'ccs1', adapter: adapter() }]);
  });

  it('does not use an adapter outside its regions', () => {
    const nacs = connectorRow({ region: 'EU', connector: 'nacs' });
    const eu = vehicleRegion({ region: 'EU', dc_inlet: 'ccs1' });
    expect(connectionPaths(eu, [nacs], 'DC', CONNECTORS, [adapter({ regions: ['NA'] })], 'EU')).toEqual([]);
    expect(connectionPaths(eu, [nacs], 'DC', CONNECTORS, [adapter({ regions: ['NA', 'EU'] })], 'EU')).toHaveLength(1);
  });

  it('does not use an adapter for the other current', () => {
    // A DC NACS-to-CCS1 adapter cannot serve the AC side of a NACS AC unit (type1 vehicle inlet, AC).
    const acAdapter = adapter({ id: 'nacs-to-j1772', current: 'AC', vehicle_inlet: 'type1' });
    const dcOnly = adapter({ id: 'dc-nacs-to-j1772', current: 'DC', vehicle_inlet: 'type1' });
    const nacs = connectorRow({ region: 'NA', connector: 'nacs' });
    const na = vehicleRegion({ region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' });
    expect(connectionPaths(na, [nacs], 'AC', CONNECTORS, [dcOnly], 'NA')).toEqual([]);
    const paths = connectionPaths(na, [nacs], 'AC', CONNECTORS, [dcOnly, acAdapter], 'NA');
    expect(paths).toEqual([{ current: 'AC', connector: nacs, vehicleInlet: 'type1', adapter: acAdapter }]);
  });

  it('does not use an adapter made for another vehicle inlet or charger connector', () => {
    const nacs = connectorRow({ region: 'NA', connector: 'nacs' });
    const na = vehicleRegion({ region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' });
    const wrongInlet = adapter({ vehicle_inlet: 'chademo' });
    const wrongPlug = adapter({ charger_connector: 'chademo' });
    expect(connectionPaths(na, [nacs], 'DC', CONNECTORS, [wrongInlet, wrongPlug], 'NA')).toEqual([]);
  });

  it('matches NACS on an AC unit against the AC inlet and on a DC unit against the DC inlet', () => {
    const nacs = connectorRow({ region: 'NA', connector: 'nacs' });
    const teslaLike = vehicleRegion({ region: 'NA', ac_inlet: 'nacs', dc_inlet: 'nacs' });
    expect(connectionPaths(teslaLike, [nacs], 'AC', CONNECTORS, [], 'NA')).toEqual([
      { current: 'AC', connector: nacs, vehicleInlet: 'nacs', adapter: null },
    ]);
    expect(connectionPaths(teslaLike, [nacs], 'DC', CONNECTORS, [], 'NA')).toEqual([
      { current: 'DC', connector: nacs, vehicleInlet: 'nacs', adapter: null },
    ]);
    // NACS AC inlet, CCS1 DC inlet: a NACS DC unit meets only the DC inlet, so no direct match.
    const mixed = vehicleRegion({ region: 'NA', ac_inlet: 'nacs', dc_inlet: 'ccs1' });
    expect(connectionPaths(mixed, [nacs], 'DC', CONNECTORS, [], 'NA')).toEqual([]);
    expect(connectionPaths(mixed, [nacs], 'AC', CONNECTORS, [], 'NA')).toHaveLength(1);
  });

  it('gives a vehicle without a DC inlet no DC path, but still AC paths', () => {
    const noDc = vehicleRegion({ dc_inlet: null });
    const anyDcAdapter = adapter({ vehicle_inlet: 'ccs2', charger_connector: 'ccs2', regions: ['EU'] });
    expect(
      connectionPaths(noDc, [connectorRow({ connector: 'ccs2' })], 'DC', CONNECTORS, [anyDcAdapter], 'EU'),
    ).toEqual([]);
    const type2 = connectorRow({ charger: 'test-wall-22', connector: 'type2' });
    expect(connectionPaths(noDc, [type2], 'AC', CONNECTORS, [], 'EU')).toEqual([
      { current: 'AC', connector: type2, vehicleInlet: 'type2', adapter: null },
    ]);
  });

  it('gives one path per matching connector, in connector order', () => {
    const ccs2a = connectorRow({ connector: 'ccs2', max_kw: 150 });
    const chademo = connectorRow({ connector: 'chademo', max_kw: 50 });
    const ccs2b = connectorRow({ connector: 'ccs2', max_kw: 300 });
    const paths = connectionPaths(vehicleRegion(), [ccs2a, chademo, ccs2b], 'DC', CONNECTORS, [], 'EU');
    expect(paths.map((p) => p.connector)).toEqual([ccs2a, ccs2b]);
  });

  it('gives one path per fitting adapter, plus the direct path', () => {
    const second = adapter({ id: 'other-nacs-to-ccs1', max_kw: 250 });
    const nacs = connectorRow({ region: 'NA', connector: 'nacs' });
    const ccs1 = connectorRow({ region: 'NA', connector: 'ccs1' });
    const na = vehicleRegion({ region: 'NA', ac_inlet: 'type1', dc_inlet: 'ccs1' });
    const paths = connectionPaths(na, [nacs, ccs1], 'DC', CONNECTORS, [adapter(), second], 'NA');
    expect(paths.map((p) => [p.connector.connector, p.adapter?.id ?? null])).toEqual([
      ['nacs', 'nacs-to-ccs1'],
      ['nacs', 'other-nacs-to-ccs1'],
      ['ccs1', null],
    ]);
  });
});
