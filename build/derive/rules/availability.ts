// Rule "availability": an edge exists only where the vehicle is on sale and the charger model is installed.
import type { Region } from '../../core/regions.ts';
import type { Dataset } from '../../data/dataset.ts';
import type { ChargerRow, VehicleRow } from '../../data/tables.ts';
import type { DerivationRule, Pairing } from '../rule.ts';

/** The pairing's rows in a region, or null when either side is not available there. */
export function pairingOf(data: Dataset, vehicle: VehicleRow, charger: ChargerRow, region: Region): Pairing | null {
  const vehicleRegion = data.vehicleRegions.get(vehicle.slug)?.get(region);
  const connectorRows = data.chargerConnectors.get(charger.slug)?.get(region);
  return vehicleRegion && connectorRows ? { data, vehicle, charger, region, vehicleRegion, connectorRows } : null;
}

export const availability: DerivationRule = {
  name: 'availability',
  stage: 'pairing',
  input: 'the vehicle has no `vehicle_regions` row for R, or the charger no connector row for R',
  conclusion: 'no edge (the API answers 404)',
  pairing: pairingOf,
};
