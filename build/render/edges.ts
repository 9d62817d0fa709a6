// Every derived edge of one vehicle or one charger, as published content with its position in the dataset.
import { REGIONS } from '../data/cells.ts';
import type { Dataset } from '../data/dataset.ts';
import { deriveEdge } from '../derive/derive-edge.ts';
import type { EdgeContent } from '../release/edge-hash.ts';
import { edgeContent } from './documents.ts';

export interface PlacedEdge {
  vehicleIndex: number;
  chargerIndex: number;
  regionIndex: number;
  content: EdgeContent;
}

/** The vehicle's edges: by charger slug, then region in the order EU, TR, NA, GB. */
export function* edgesOfVehicle(data: Dataset, vehicleIndex: number): Generator<PlacedEdge> {
  const vehicle = data.vehicles[vehicleIndex]!;
  for (const [chargerIndex, charger] of data.chargers.entries()) {
    for (const [regionIndex, region] of REGIONS.entries()) {
      const facts = deriveEdge(data, vehicle, charger, region);
      if (facts) yield { vehicleIndex, chargerIndex, regionIndex, content: edgeContent(facts, data) };
    }
  }
}

/** The charger's edges: by vehicle slug, then region in the order EU, TR, NA, GB. */
export function* edgesOfCharger(data: Dataset, chargerIndex: number): Generator<PlacedEdge> {
  const charger = data.chargers[chargerIndex]!;
  for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
    for (const [regionIndex, region] of REGIONS.entries()) {
      const facts = deriveEdge(data, vehicle, charger, region);
      if (facts) yield { vehicleIndex, chargerIndex, regionIndex, content: edgeContent(facts, data) };
    }
  }
}
