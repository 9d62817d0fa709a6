// Every derived edge of a vehicle (or of the whole dataset), in the published order, with its position in the dataset.
import { REGIONS } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import { deriveEdge, type EdgeFacts } from './derive-edge.ts';

export interface PlacedEdge {
  vehicleIndex: number;
  chargerIndex: number;
  regionIndex: number;
  facts: EdgeFacts;
}

/** The vehicle's edges: by charger slug, then region in the published order. */
export function* edgesOfVehicle(data: Dataset, vehicleIndex: number): Generator<PlacedEdge> {
  const vehicle = data.vehicles[vehicleIndex]!;
  for (const [chargerIndex, charger] of data.chargers.entries()) {
    for (const [regionIndex, region] of REGIONS.entries()) {
      const facts = deriveEdge(data, vehicle, charger, region);
      if (facts) yield { vehicleIndex, chargerIndex, regionIndex, facts };
    }
  }
}

/** Every edge of the dataset: by vehicle slug, then charger slug, then region. */
export function* allEdges(data: Dataset): Generator<PlacedEdge> {
  for (const vehicleIndex of data.vehicles.keys()) yield* edgesOfVehicle(data, vehicleIndex);
}
