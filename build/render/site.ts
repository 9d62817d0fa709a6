// Streams every file of the published tree, one vehicle or charger at a time, so memory stays bounded by one list document.
import { REGIONS } from '../data/cells.ts';
import type { Dataset } from '../data/dataset.ts';
import type { ChargerRow, VehicleRow } from '../data/tables.ts';
import { deriveEdge } from '../derive/derive-edge.ts';
import { ERROR_STATUS, errorBody, type ErrorCode } from '../api/errors.ts';
import type { Edge } from '../api/schemas.ts';
import {
  chargerDocument,
  chargerListDocument,
  edgeDocument,
  indexDocument,
  vehicleDocument,
  vehicleListDocument,
} from './documents.ts';
import { layout } from './layout.ts';

export interface SiteFile {
  path: string;
  body: string;
}

const toJson = (document: unknown): string => `${JSON.stringify(document)}\n`;

/** Every edge between the given vehicles and chargers: by vehicle, then charger, then region in the order EU, TR, NA, GB. */
function* edgesBetween(data: Dataset, vehicles: readonly VehicleRow[], chargers: readonly ChargerRow[]): Generator<Edge> {
  for (const vehicle of vehicles) {
    for (const charger of chargers) {
      for (const region of REGIONS) {
        const facts = deriveEdge(data, vehicle, charger, region);
        if (facts) yield edgeDocument(facts, data);
      }
    }
  }
}

export function* renderSite(data: Dataset, datasetVersion: string): Generator<SiteFile> {
  let edgeCount = 0;
  for (const vehicle of data.vehicles) {
    yield { path: layout.vehicle(vehicle.slug), body: toJson(vehicleDocument(vehicle)) };
    const chargers: Edge[] = [];
    for (const edge of edgesBetween(data, [vehicle], data.chargers)) {
      edgeCount += 1;
      const body = toJson(edge);
      yield { path: layout.edge(edge.vehicle, edge.charger, edge.region), body };
      chargers.push(edge);
    }
    yield { path: layout.vehicleCompatibility(vehicle.slug), body: toJson({ slug: vehicle.slug, chargers }) };
  }
  for (const charger of data.chargers) {
    yield { path: layout.charger(charger.slug), body: toJson(chargerDocument(charger)) };
    const vehicles = [...edgesBetween(data, data.vehicles, [charger])];
    yield { path: layout.chargerCompatibility(charger.slug), body: toJson({ slug: charger.slug, vehicles }) };
  }
  yield { path: layout.vehicleList(), body: toJson(vehicleListDocument(data)) };
  yield { path: layout.chargerList(), body: toJson(chargerListDocument(data)) };
  yield { path: layout.index(), body: toJson(indexDocument(data, datasetVersion, edgeCount)) };
  for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
    yield { path: layout.error(code), body: errorBody(code) };
  }
  yield { path: layout.storageGuard(), body: errorBody('not_found') };
  yield { path: layout.notFoundPage(), body: errorBody('not_found') };
}
