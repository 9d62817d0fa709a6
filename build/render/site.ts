// Streams every file of the published tree, one vehicle or charger at a time, so memory stays bounded by one list document.
import type { Dataset } from '../data/dataset.ts';
import type { EdgeHistory } from '../release/edge-history.ts';
import { ERROR_STATUS, errorBody, type ErrorCode } from '../core/errors.ts';
import { DOCUMENT_KINDS, jsonSchemaOf, schemaPath } from '../api/json-schemas.ts';
import { openApiDocument } from '../api/openapi.ts';
import type { DocumentKind, Edge } from '../api/schemas.ts';
import { edgeContent, edgeDocument } from '../api/edge-content.ts';
import { chargerDocument, chargerListDocument, indexDocument, vehicleDocument, vehicleListDocument } from './documents.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { deriveEdge } from '../derive/derive-edge.ts';
import { REGIONS } from '../core/regions.ts';
import { layout } from './layout.ts';
import { referencePage, type Example } from './reference-page.ts';

export interface SiteFile {
  path: string;
  body: string;
  /** For API documents: the schema the document must match, and the document itself (validated before writing). */
  kind?: DocumentKind;
  document?: unknown;
}

const toJson = (document: unknown): string => `${JSON.stringify(document)}\n`;
const apiFile = (path: string, kind: DocumentKind, document: unknown): SiteFile => ({ path, body: toJson(document), kind, document });

/** A list document shortened to its first item, for the reference page. */
function shortList(url: string, document: Record<string, unknown>, key: string): Example {
  const items = document[key] as unknown[];
  return { url, status: 200, body: { ...document, [key]: items.slice(0, 1) }, itemsInFull: items.length };
}

export function* renderSite(data: Dataset, datasetVersion: string, history: EdgeHistory): Generator<SiteFile> {
  const examples: Record<string, Example> = {};
  let edgeCount = 0;
  for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
    const vehicleDoc = vehicleDocument(vehicle);
    yield apiFile(layout.vehicle(vehicle.slug), 'vehicle', vehicleDoc);
    const chargers: Edge[] = [];
    history.beginVehicle(vehicle.slug);
    for (const { chargerIndex, regionIndex, facts } of edgesOfVehicle(data, vehicleIndex)) {
      const content = edgeContent(facts, data);
      const edge = edgeDocument(content, history.stamp(vehicleIndex, chargerIndex, regionIndex, content));
      edgeCount += 1;
      yield apiFile(layout.edge(edge.vehicle, edge.charger, edge.region), 'edge', edge);
      chargers.push(edge);
    }
    history.endVehicle();
    const list = { slug: vehicle.slug, chargers };
    yield apiFile(layout.vehicleCompatibility(vehicle.slug), 'vehicle-compatibility', list);
    const first = chargers[0];
    if (first && !examples['/api/v1/compatibility/{vehicleSlug}/{chargerSlug}']) {
      const query = first.region === 'EU' ? '' : `?region=${first.region}`;
      examples['/api/v1/vehicles/{slug}'] = { url: `/api/v1/vehicles/${vehicle.slug}`, status: 200, body: vehicleDoc };
      examples['/api/v1/vehicles/{slug}/compatibility'] = shortList(`/api/v1/vehicles/${vehicle.slug}/compatibility`, list, 'chargers');
      examples['/api/v1/compatibility/{vehicleSlug}/{chargerSlug}'] = { url: `/api/v1/compatibility/${first.vehicle}/${first.charger}${query}`, status: 200, body: first };
      examples['/api/v1/compatibility/{vehicleSlug}'] = { url: `/api/v1/compatibility/${first.vehicle}`, status: 400, body: { error: 'slugs_required' } };
    }
  }
  for (const [chargerIndex, charger] of data.chargers.entries()) {
    const chargerDoc = chargerDocument(charger);
    yield apiFile(layout.charger(charger.slug), 'charger', chargerDoc);
    const vehicles: Edge[] = [];
    for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
      for (const [regionIndex, region] of REGIONS.entries()) {
        const facts = deriveEdge(data, vehicle, charger, region);
        if (facts) vehicles.push(edgeDocument(edgeContent(facts, data), history.lookup(vehicleIndex, chargerIndex, regionIndex)));
      }
    }
    const list = { slug: charger.slug, vehicles };
    yield apiFile(layout.chargerCompatibility(charger.slug), 'charger-compatibility', list);
    if (list.vehicles.length > 0 && !examples['/api/v1/chargers/{slug}']) {
      examples['/api/v1/chargers/{slug}'] = { url: `/api/v1/chargers/${charger.slug}`, status: 200, body: chargerDoc };
      examples['/api/v1/chargers/{slug}/compatibility'] = shortList(`/api/v1/chargers/${charger.slug}/compatibility`, list, 'vehicles');
    }
  }
  const vehicleList = vehicleListDocument(data);
  const chargerList = chargerListDocument(data);
  const index = indexDocument(data, datasetVersion, edgeCount);
  yield apiFile(layout.vehicleList(), 'vehicle-list', vehicleList);
  yield apiFile(layout.chargerList(), 'charger-list', chargerList);
  yield apiFile(layout.index(), 'index', index);
  for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) yield apiFile(layout.error(code), 'error', { error: code });
  yield { path: layout.storageGuard(), body: errorBody('not_found') };
  yield { path: layout.notFoundPage(), body: errorBody('not_found') };

  for (const kind of DOCUMENT_KINDS) yield { path: schemaPath(kind), body: `${JSON.stringify(jsonSchemaOf(kind), null, 2)}\n` };
  const openapi = openApiDocument();
  yield { path: layout.openApi(), body: `${JSON.stringify(openapi, null, 2)}\n` };
  examples['/api/v1'] = { url: '/api/v1', status: 200, body: index };
  examples['/api/v1/vehicles'] = shortList('/api/v1/vehicles', vehicleList, 'vehicles');
  examples['/api/v1/chargers'] = shortList('/api/v1/chargers', chargerList, 'chargers');
  examples['/api/v1/compatibility'] = { url: '/api/v1/compatibility', status: 400, body: { error: 'slugs_required' } };
  yield { path: layout.referencePage(), body: referencePage(openapi, examples) };
}
