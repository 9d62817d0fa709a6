// The files that describe the whole dataset or the API rather than one resource: the index and lists, the error
// documents, the JSON Schemas, the OpenAPI document, the reference page with its real examples and the explorer page.
import { edgeContent, edgeDocument } from '../api/edge-content.ts';
import { DOCUMENT_KINDS, jsonSchemaOf, schemaPath } from '../api/json-schemas.ts';
import { openApiDocument } from '../api/openapi.ts';
import type { Edge } from '../api/schemas.ts';
import { ERROR_STATUS, errorBody, type ErrorCode } from '../core/errors.ts';
import { DEFAULT_REGION } from '../core/regions.ts';
import { cachedValue } from '../infra/derived-cache.ts';
import type { Dataset } from '../data/dataset.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { EdgeHistory } from '../release/edge-history.ts';
import { releaseFiles } from './release-files.ts';
import {
  chargerDocument,
  chargerListDocument,
  edgeCount,
  indexDocument,
  vehicleDocument,
  vehicleListDocument,
} from '../api/resource-documents.ts';
import { exploreFiles } from './explore-page.ts';
import { layout } from './layout.ts';
import { notFoundPage } from './not-found-page.ts';
import { REFERENCE_STYLE, referencePage, shortList, type Example } from './reference-page.ts';
import type { Wanted } from '../api/explain-schemas.ts';
import type { DocumentValidator } from '../api/validate-documents.ts';
import { explainEntry } from './explain-files.ts';
import { apiFile, type SiteFile } from './site-file.ts';
import {
  defaultNetworkRegion,
  networkDocument,
  networkFiles,
  networkListDocument,
  vehicleNetworksDocument,
} from './network-files.ts';

/** Real responses for the reference page: the first vehicle and the first charger that have an edge. */
function examples(data: Dataset, dataDir: string, wanted: Wanted): Record<string, Example> {
  const found: Record<string, Example> = {};
  found['/api/v1/wanted'] = shortList('/api/v1/wanted', wanted, 'figures');
  const history = new EdgeHistory(dataDir, 'provisional');
  for (const [vehicleIndex, vehicle] of data.vehicles.entries()) {
    history.beginVehicle(vehicle.slug);
    const derived = [...edgesOfVehicle(data, vehicleIndex)];
    const edges: Edge[] = derived.map(({ facts }) => {
      const content = edgeContent(facts, data);
      return edgeDocument(content, history.stamp(content));
    });
    const first = edges[0];
    if (!first) continue;
    const query = first.region === DEFAULT_REGION ? '' : `?region=${first.region}`;
    found['/api/v1/vehicles/{slug}'] = {
      url: `/api/v1/vehicles/${vehicle.slug}`,
      status: 200,
      body: vehicleDocument(vehicle),
    };
    found['/api/v1/vehicles/{slug}/compatibility'] = shortList(
      `/api/v1/vehicles/${vehicle.slug}/compatibility`,
      { slug: vehicle.slug, chargers: edges },
      'chargers',
    );
    found['/api/v1/vehicles/{slug}/explain'] = shortList(
      `/api/v1/vehicles/${vehicle.slug}/explain`,
      { slug: vehicle.slug, edges: derived.map(({ facts }) => explainEntry(facts)) },
      'edges',
    );
    const home = defaultNetworkRegion(data, vehicle);
    if (home && data.networks.some((network) => network.regions.has(home)))
      found['/api/v1/vehicles/{slug}/networks'] = shortList(
        `/api/v1/vehicles/${vehicle.slug}/networks`,
        vehicleNetworksDocument(data, vehicle, home, (charger) =>
          edges.find((edge) => edge.charger === charger && edge.region === home),
        ),
        'networks',
      );
    found['/api/v1/compatibility/{vehicleSlug}/{chargerSlug}'] = {
      url: `/api/v1/compatibility/${first.vehicle}/${first.charger}${query}`,
      status: 200,
      body: first,
    };
    found['/api/v1/compatibility/{vehicleSlug}'] = {
      url: `/api/v1/compatibility/${first.vehicle}`,
      status: 400,
      body: { error: 'slugs_required' },
    };
    const charger = data.chargers.find((c) => c.slug === first.charger)!;
    found['/api/v1/chargers/{slug}'] = {
      url: `/api/v1/chargers/${charger.slug}`,
      status: 200,
      body: chargerDocument(charger),
    };
    found['/api/v1/chargers/{slug}/compatibility'] = {
      url: `/api/v1/chargers/${charger.slug}/compatibility`,
      status: 200,
      body: { slug: charger.slug, vehicles: [first] },
      itemsInFull: edgeCountOf(data, charger.slug),
    };
    break;
  }
  return found;
}

/** How many edges a charger has (one per region it shares with each vehicle). */
function edgeCountOf(data: Dataset, charger: string): number {
  const regions = data.chargerConnectors.get(charger);
  let count = 0;
  for (const vehicleRegions of data.vehicleRegions.values())
    for (const region of vehicleRegions.keys()) if (regions?.has(region)) count += 1;
  return count;
}

/** The files that depend on the whole dataset; `wanted` is the pass's tally of missing figures, as a document. */
export function* globalFiles(
  data: Dataset,
  dataDir: string,
  datasetVersion: string,
  wanted: Wanted,
  validate: DocumentValidator,
  releases: { digest: string; withFiles: boolean },
): Generator<SiteFile> {
  yield apiFile(layout.wanted(), 'wanted', wanted);
  const release = releaseFiles(dataDir, releases.digest, validate, { withFiles: releases.withFiles });
  yield* release.files;
  const vehicleList = vehicleListDocument(data);
  const chargerList = chargerListDocument(data);
  const index = indexDocument(data, datasetVersion, edgeCount(data));
  yield apiFile(layout.vehicleList(), 'vehicle-list', vehicleList);
  yield apiFile(layout.chargerList(), 'charger-list', chargerList);
  yield apiFile(layout.index(), 'index', index);
  yield* networkFiles(data);
  for (const code of Object.keys(ERROR_STATUS) as ErrorCode[])
    yield apiFile(layout.error(code), 'error', { error: code });
  yield { path: layout.storageGuard(), body: errorBody('not_found') };
  yield { path: layout.rateLimited(), body: errorBody('rate_limit_exceeded') };
  yield { path: layout.notFoundPage(), body: notFoundPage() };
  for (const kind of DOCUMENT_KINDS)
    yield { path: schemaPath(kind), body: `${JSON.stringify(jsonSchemaOf(kind), null, 2)}\n` };
  const openapi = openApiDocument();
  yield { path: layout.openApi(), body: `${JSON.stringify(openapi, null, 2)}\n` };
  const shown = examples(data, dataDir, wanted);
  shown['/api/v1'] = { url: '/api/v1', status: 200, body: index };
  shown['/api/v1/vehicles'] = shortList('/api/v1/vehicles', vehicleList, 'vehicles');
  shown['/api/v1/chargers'] = shortList('/api/v1/chargers', chargerList, 'chargers');
  const networks = networkListDocument(data);
  shown['/api/v1/networks'] = shortList('/api/v1/networks', networks, 'networks');
  const network = data.networks[0];
  if (network)
    shown['/api/v1/networks/{slug}'] = {
      url: `/api/v1/networks/${network.slug}`,
      status: 200,
      body: networkDocument(data, network),
    };
  shown['/api/v1/compatibility'] = { url: '/api/v1/compatibility', status: 400, body: { error: 'slugs_required' } };
  Object.assign(shown, release.examples);
  shown['/api/v1/schemas/{name}.json'] = { url: `/${schemaPath('error')}`, status: 200, body: jsonSchemaOf('error') };
  const schemas = DOCUMENT_KINDS.map((kind) => ({ kind, url: `/${schemaPath(kind)}`, schema: jsonSchemaOf(kind) }));
  // The page depends on the code (the OpenAPI document, the schemas) and on its examples alone: kept under them.
  const page = cachedValue('reference-page', Buffer.from(JSON.stringify(shown)), () =>
    referencePage(openapi, shown, schemas),
  );
  yield { path: layout.referencePage(), body: page };
  yield { path: layout.referenceStyle(), body: REFERENCE_STYLE };
  yield* exploreFiles();
}
