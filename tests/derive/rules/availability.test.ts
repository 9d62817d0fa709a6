// Rule "availability": the pairing stage; an edge exists only where the vehicle is on sale and the charger installed.
import { describe, expect, it } from 'vitest';
import { availability, pairingOf } from '../../../build/derive/rules/availability.ts';
import { charger, connectorRow, dataset, vehicle, vehicleRegion } from '../../helpers/rows.ts';

const car = vehicle();
const unit = charger();
const data = dataset({
  vehicles: [car],
  vehicleRegions: [vehicleRegion({ region: 'EU' }), vehicleRegion({ region: 'GB' })],
  chargers: [unit],
  chargerConnectors: [connectorRow({ region: 'EU' }), connectorRow({ region: 'TR' })],
});

describe('rule availability', () => {
  it('is the pairing stage, and the registry entry decides the pairing', () => {
    expect(availability.stage).toBe('pairing');
    if (availability.stage !== 'pairing') throw new Error('availability is the pairing stage');
    const run = availability.pairing.bind(availability);
    expect(run(data, car, unit, 'EU')).toEqual(pairingOf(data, car, unit, 'EU'));
    expect(run(data, car, unit, 'TR')).toBeNull();
  });

  it("gives the pairing with the region's rows where both sides are available", () => {
    const pairing = pairingOf(data, car, unit, 'EU');
    expect(pairing?.vehicleRegion.region).toBe('EU');
    expect(pairing?.connectorRows.map((row) => row.region)).toEqual(['EU']);
  });

  it('gives none where the vehicle is not sold (TR) or the charger not installed (GB), nor in a region of neither (NA)', () => {
    expect(pairingOf(data, car, unit, 'TR')).toBeNull();
    expect(pairingOf(data, car, unit, 'GB')).toBeNull();
    expect(pairingOf(data, car, unit, 'NA')).toBeNull();
  });
});
