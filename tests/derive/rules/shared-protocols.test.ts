// Rule "shared-protocols": what both sides speak over a path, and whether none shared is a known incompatibility or a gap.
import { describe, expect, it } from 'vitest';
import { sharedProtocols } from '../../../build/derive/rules/shared-protocols.ts';
import { PROTOCOLS, adapter, charger, connectorRow, path, vehicle, wallbox } from '../../helpers/rows.ts';

const ccs2Path = path({ current: 'DC', connector: connectorRow({ connector: 'ccs2' }), vehicleInlet: 'ccs2' });

describe('sharedProtocols', () => {
  it('gives the baseline protocols both sides get from a CCS connector', () => {
    expect(sharedProtocols(vehicle(), charger(), ccs2Path, PROTOCOLS)).toEqual({
      protocols: ['DIN70121'],
      gap: null,
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
    expect(both).toEqual({ protocols: ['IEC61851-1'], gap: null });
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
    const withDin = sharedProtocols(vehicle(), charger({ protocols: ['Tesla', 'DIN70121'] }), viaAdapter, PROTOCOLS);
    expect(withDin).toEqual({ protocols: ['DIN70121'], gap: null });
  });

  it("rules a path out when the unit speaks only another brand's own protocol (a non-Tesla car at a Tesla-only unit)", () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    const teslaOnly = charger({ brand: 'Tesla', protocols: ['Tesla'] });
    expect(sharedProtocols(vehicle({ protocols: ['DIN70121'] }), teslaOnly, nacsDc, PROTOCOLS)).toEqual({
      protocols: [],
      gap: { incompatible: true, reason: "the unit speaks only Tesla's own protocol over nacs" },
    });
    // Even with the car's protocols not on record: only Tesla's cars speak Tesla's protocol.
    expect(sharedProtocols(vehicle({ protocols: [] }), teslaOnly, nacsDc, PROTOCOLS).gap?.incompatible).toBe(true);
  });

  it("rules a path out when the vehicle speaks only its own brand's protocol at another brand's unit", () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    const oldTesla = vehicle({ brand: 'Tesla', protocols: ['Tesla'] });
    expect(sharedProtocols(oldTesla, charger({ brand: 'Other', protocols: ['DIN70121'] }), nacsDc, PROTOCOLS)).toEqual({
      protocols: [],
      gap: { incompatible: true, reason: "the vehicle speaks only Tesla's own protocol over nacs" },
    });
  });

  it("is a gap, not an incompatibility, when a brand's own unit meets its own car with nothing on record", () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    const shared = sharedProtocols(
      vehicle({ brand: 'Tesla' }),
      charger({ brand: 'Tesla', protocols: ['Tesla'] }),
      nacsDc,
      PROTOCOLS,
    );
    expect(shared).toEqual({
      protocols: [],
      gap: { incompatible: false, reason: 'no DC protocol of the vehicle over nacs is on record' },
    });
  });

  it('is a gap when both sides speak open protocols but none in common on record (lists may be incomplete)', () => {
    const chademoPath = path({ connector: connectorRow({ connector: 'chademo' }), vehicleInlet: 'ccs2' });
    expect(sharedProtocols(vehicle(), charger(), chademoPath, PROTOCOLS)).toEqual({
      protocols: [],
      gap: { incompatible: false, reason: 'no DC protocol both sides are known to speak over chademo' },
    });
  });

  it('is a gap naming the side with nothing on record for this current', () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    // An AC-only extra does not count for DC.
    expect(
      sharedProtocols(vehicle({ protocols: ['DIN70121'] }), charger({ protocols: ['IEC61851-1'] }), nacsDc, PROTOCOLS)
        .gap,
    ).toEqual({
      incompatible: false,
      reason: 'no DC protocol of the unit over nacs is on record',
    });
    expect(sharedProtocols(vehicle(), charger(), nacsDc, PROTOCOLS).gap?.reason).toBe(
      'no DC protocol of the vehicle or the unit over nacs is on record',
    );
  });

  it('is shared once both sides list a protocol for NACS DC', () => {
    const nacsDc = path({ connector: connectorRow({ region: 'NA', connector: 'nacs' }), vehicleInlet: 'nacs' });
    const shared = sharedProtocols(
      vehicle({ protocols: ['DIN70121'] }),
      charger({ protocols: ['DIN70121', 'Tesla'] }),
      nacsDc,
      PROTOCOLS,
    );
    expect(shared).toEqual({ protocols: ['DIN70121'], gap: null });
  });
});
