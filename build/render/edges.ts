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

/** Every edge between the given vehicles and chargers: by vehicle, then charger, then region in the order EU, TR, NA, GB. */
function* placedEdges(data: Dataset, vehicleIndexes: Iterable<number>, chargerIndexes: () => Iterable<number>): Generator<PlacedEdge> {
  for (const vehicleIndex of vehicleIndexes) {
    const vehicle = data.vehicles[vehicleIndex]!;
    for (const chargerIndex of chargerIndexes()) {
      const charger = data.chargers[chargerIndex]!;
      for (const [regionIndex, region] of REGIONS.entries()) {
        const facts = deriveEdge(data, vehicle, charger, region);
        if (facts) yield { vehicleIndex, chargerIndex, regionIndex, content: edgeContent(facts, data) };
      }
    }
  }
}

/** The vehicle's edges: by charger slug, then region. */
export const edgesOfVehicle = (data: Dataset, vehicleIndex: number) => placedEdges(data, [vehicleIndex], () => data.chargers.keys());

/** The charger's edges: by vehicle slug, then region. */
export const edgesOfCharger = (data: Dataset, chargerIndex: number) => placedEdges(data, data.vehicles.keys(), () => [chargerIndex]);
