import { describe, expect, it } from 'vitest';
import { sharedProtocols } from '../../build/derive/rules/shared-protocols.ts';
import { PROTOCOLS, adapter, charger, connectorRow, path, vehicle, wallbox } from '../helpers/rows.ts';

const ccs2Path = path({ current: 'DC', connector: connectorRow({ connector: 'ccs2' }), vehicleInlet: 'ccs2' });

describe('sharedProtocols', () => {
  it('gives the baseline protocols both sides get from a CCS connector', () => {
    expect(sharedProtocols(vehicle(), charger(), ccs2Path, PROTOCOLS)).toEqual({
      protocols: ['DIN70121'],
      known: true,
    });
  });

  it('gives the AC baseline on an AC path and no DC protocol', () => {
    const acPath = path({ current: 'AC', connector: connectorRow({ connector: 'type2' }), vehicleInlet: 'type2' });
    const both = sharedProtocols(
      vehicle({ protocols: ['ISO15118-2'] }),
      wallbox({ protocols: ['ISO15118-2'] }),
      acPath,
      PROTOCOLS,
    );
    expect(both).toEqual({ protocols: ['IEC61851-1'], known: true });
  });

  it('adds a listed extra only when both sides list it', () => {
    const oneSide = sharedProtocols(vehicle({ protocols: ['ISO15118-2'] }), charger(), ccs2Path, PROTOCOLS);
    expect(oneSide.protocols).toEqual(['DIN70121']);
    const bothSides = sharedProtocols(
      vehicle({ protocols: ['ISO15118-2'] }),
      charger({ protocols: ['ISO15118-2'] }),
      ccs2Path,
      PROTOCOLS,
    );
    expect(bothSides.protocols).toEqual(['DIN70121', 'ISO15118-2']);
  });

  it('returns the intersection sorted and unique, whatever the listed order', () => {
    const v = vehicle({ protocols: ['Tesla', 'ISO15118-20', 'DIN70121', 'ISO15118-2'] });
    const c = charger({ protocols: ['ISO15118-2', 'Tesla', 'ISO15118-20'] });
    const shared = sharedProtocols(v, c, ccs2Path, PROTOCOLS);
    expect(shared.protocols).toEqual(['DIN70121', 'ISO15118-2', 'ISO15118-20', 'Tesla']);
  });

  it('ignores listed protocol ids missing from the vocabulary', () => {
    const shared = sharedProtocols(
      vehicle({ protocols: ['Made-Up'] }),
      charger({ protocols: ['Made-Up'] }),
      ccs2Path,
      PROTOCOLS,
    );
    expect(shared.protocols).toEqual(['DIN70121']);
  });

  it('takes the vehicle baseline from its inlet and the charger baseline from its connector (adapter path)', () => {
    const viaAdapter = path({
      current: 'DC',
      connector: connectorRow({ region: 'NA', connector: 'nacs' }),
      vehicleInlet: 'ccs1',
      adapter: adapter(),
    });
    // The vehicle gets DIN70121 from ccs1; nacs implies no DC protocol, so the charger has only what it lists.
    const teslaOnly = sharedProtocols(vehicle(), charger({ protocols: ['Tesla'] }), viaAdapter, PROTOCOLS);
    expect(teslaOnly).toEqual({ protocols: [], known: true });
    const withDin = sharedProtocols(vehicle(), charger({ protocols: ['Tesla', 'DIN70121'] }), viaAdapter, PROTOCOLS);
    expect(withDin).toEqual({ protocols: ['DIN70121'], known: true });
  });

  it('is known and empty when both sides speak something but nothing in common', () => {
    const chademoPath = path({ connector: connectorRow({ connector: 'chademo' }), vehicleInlet: 'ccs2' });
    expect(sharedProtocols(vehicle(), charger(), chademoPath, PROTOCOLS)).toEqual({ protocols: [], known: true });
  });

  it('is not known when the vehicle side has no protocol for this current', () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    const shared = sharedProtocols(vehicle(), charger({ protocols: ['Tesla'] }), nacsDc, PROTOCOLS);
    expect(shared).toEqual({ protocols: [], known: false });
  });

  it('is not known when the charger side has no protocol for this current', () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    // An AC-only extra does not count for DC.
    const shared = sharedProtocols(
      vehicle({ protocols: ['Tesla'] }),
      charger({ protocols: ['IEC61851-1'] }),
      nacsDc,
      PROTOCOLS,
    );
    expect(shared).toEqual({ protocols: [], known: false });
  });

  it('is known once both sides list a protocol for NACS DC', () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    const shared = sharedProtocols(
      vehicle({ protocols: ['Tesla'] }),
      charger({ protocols: ['Tesla'] }),
      nacsDc,
      PROTOCOLS,
    );
    expect(shared).toEqual({ protocols: ['Tesla'], known: true });
  });
});
