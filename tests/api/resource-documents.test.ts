// The detail documents and the lists' entries take their fields from their schemas' shapes, in order.
import { describe, expect, it } from 'vitest';
import {
  ChargerDocument,
  ChargerListDocument,
  VehicleDocument,
  VehicleListDocument,
  type ChargerList,
  type VehicleList,
} from '../../build/api/schemas.ts';
import { sharedSite } from '../helpers/fixture.ts';

const site = sharedSite('mini');

describe('the resource documents of the mini fixture', () => {
  it("list each vehicle and charger with exactly their entry schema's fields, in its order", () => {
    const vehicles = site.json('api/v1/_data/vehicles.json') as VehicleList;
    const chargers = site.json('api/v1/_data/chargers.json') as ChargerList;
    expect(vehicles.vehicles.length).toBeGreaterThan(1);
    expect(chargers.chargers.length).toBeGreaterThan(1);
    for (const entry of vehicles.vehicles)
      expect(Object.keys(entry)).toEqual(Object.keys(VehicleListDocument.shape.vehicles.element.shape));
    for (const entry of chargers.chargers)
      expect(Object.keys(entry)).toEqual(Object.keys(ChargerListDocument.shape.chargers.element.shape));
    expect(VehicleListDocument.parse(vehicles)).toEqual(vehicles);
    expect(chargers.chargers.some((entry) => entry.regions.length > 0)).toBe(true);
  });

  it("give a vehicle and a charger exactly their document schema's fields, in its order", () => {
    const [vehicle] = (site.json('api/v1/_data/vehicles.json') as VehicleList).vehicles;
    const [charger] = (site.json('api/v1/_data/chargers.json') as ChargerList).chargers;
    const vehicleDocument = site.json(`api/v1/_data/vehicles/${vehicle!.slug}.json`) as object;
    const chargerDocument = site.json(`api/v1/_data/chargers/${charger!.slug}.json`) as object;
    expect(Object.keys(vehicleDocument)).toEqual(Object.keys(VehicleDocument.shape));
    expect(Object.keys(chargerDocument)).toEqual(Object.keys(ChargerDocument.shape));
  });
});
