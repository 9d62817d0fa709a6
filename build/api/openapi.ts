// The OpenAPI 3.1 description of /api/v1, generated from the same schemas the build validates with; extensions marked x-extension.
import { DEFAULT_REGION, REGIONS, REGION_ORDER_TEXT } from '../core/regions.ts';
import { CODE_LICENSE, DATA_LICENSE } from '../core/license.ts';
import { ALLOWED_METHODS } from '../core/request-policy.ts';
import { ERROR_STATUS, INTERFACE_ERROR_CODES, type ErrorCode } from '../core/errors.ts';
import { EXPORT_FILES, EXPORT_FORMATS_TEXT } from '../core/export-files.ts';
import { RATE_LIMIT, RATE_WINDOW_MS } from '../core/rate-limit.ts';
import { DOCUMENT_KINDS, jsonSchemaOf } from './json-schemas.ts';
import { API_VERSION, PUBLISHED_DOCUMENTS, type DocumentKind } from './schemas.ts';

type Json = Record<string, unknown>;

/**
 * $ref to a document's schema inside the OpenAPI document itself (components/schemas), so that a downloaded copy alone
 * is complete: generators and validators need no other file. The same schemas are also published one per file.
 */
const schemaRef = (kind: DocumentKind): Json => ({ $ref: `#/components/schemas/${kind}` });

/** Every document's JSON Schema as a component: the published schema without the keys that name its own file. */
const componentSchemas = (): Json =>
  Object.fromEntries(
    DOCUMENT_KINDS.map((kind) => {
      const { $id: _id, $schema: _schema, ...schema } = jsonSchemaOf(kind);
      return [kind, schema];
    }),
  );

const HEADERS: Json = {
  'X-RateLimit-Limit': {
    description: `Requests allowed per window (${RATE_LIMIT} per ${RATE_WINDOW_MS / 1000} s per IP).`,
    schema: { type: 'integer', const: RATE_LIMIT },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time, in seconds, at which the window resets.',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before the window resets (429 only).',
    schema: { type: 'integer', minimum: 1 },
  },
  'Access-Control-Allow-Origin': {
    description: 'CORS: every origin may read the response.',
    schema: { type: 'string', const: '*' },
  },
};
const headerRefs = (names: string[]): Json =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
const COMMON_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Access-Control-Allow-Origin',
];

const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  slugs_required: 'A required path parameter is missing or empty (e.g. an empty segment, "//").',
  not_found:
    'The vehicle or charger does not exist, the pairing has no edge in the region (one of them is not available there), or the path is unknown.',
  rate_limit_exceeded: 'More requests than the limit in the current window; wait for X-RateLimit-Reset.',
  invalid_region: `Extension: region is not one of ${REGION_ORDER_TEXT} (case-sensitive).`,
  bad_request: 'Extension: the request could not be read (malformed request line, bad percent-encoding).',
  method_not_allowed: `Extension: only ${ALLOWED_METHODS} are allowed (header Allow: ${ALLOWED_METHODS}).`,
  headers_too_large: 'Extension: the request headers are larger than the server accepts.',
  internal_error: 'Extension: the server failed while answering; the request may be retried.',
  upstream_error: 'Extension: the CDN behind the edge failed or could not be reached; the request may be retried.',
};

/** A response of error documents with the given codes (all of one status). */
function errorResponse(codes: ErrorCode[]): Json {
  const extensionCodes = codes.filter((code) => !INTERFACE_ERROR_CODES.includes(code));
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join(' '),
    headers: headerRefs(codes.includes('rate_limit_exceeded') ? [...COMMON_HEADERS, 'Retry-After'] : COMMON_HEADERS),
    content: {
      'application/json': {
        schema: { ...schemaRef('error'), properties: { error: { enum: codes } } },
        examples: Object.fromEntries(codes.map((code) => [code, { value: { error: code } }])),
      },
    },
    ...(extensionCodes.length === codes.length
      ? { 'x-extension': true }
      : extensionCodes.length > 0
        ? { 'x-extension-codes': extensionCodes }
        : {}),
  };
}

function okResponse(kind: DocumentKind, description: string): Json {
  return {
    description,
    headers: headerRefs(COMMON_HEADERS),
    content: { 'application/json': { schema: schemaRef(kind) } },
  };
}

/** The two cases a bare 404 leaves open (contract §2, §3), and what a client does about each. */
const RETIRED_SLUG =
  "A retired slug (listed in `data/aliases.csv` of the dataset) keeps answering with its successor's documents, " +
  'so the `slug` in the body is the new one: store that slug from then on. This is not a redirect.';
const NO_EDGE_IN_REGION =
  '404 `not_found` answers both an unknown slug and a pairing that has no edge in the region: the vehicle is not on ' +
  'sale there, or the charger model is not installed there (the body is the same). The `regions` of each entry of ' +
  '`/api/v1/vehicles` and `/api/v1/chargers` say where each one is: ask for a region both list.';

const slugParameter = (name: string, what: string): Json => ({
  name,
  in: 'path',
  required: true,
  description: `${what} slug.`,
  schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 96 },
});

interface OperationSpec {
  summary: string;
  /** What a client should know beyond the summary (the cases a bare 404 leaves open, and what to do). */
  description?: string;
  operationId: string;
  parameters?: Json[];
  ok?: { kind: DocumentKind; description: string };
  /** The operation's own errors by status (those of any request are added). */
  errors: Partial<Record<number, ErrorCode[]>>;
  extension?: boolean;
}

/** Errors any request under /api/ may get, whatever the path: added to every operation's own. */
const ANY_REQUEST_ERRORS: ErrorCode[] = [
  'bad_request',
  'rate_limit_exceeded',
  'headers_too_large',
  'internal_error',
  'upstream_error',
];

function operation(spec: OperationSpec): Json {
  const responses: Json = {};
  if (spec.ok) responses['200'] = okResponse(spec.ok.kind, spec.ok.description);
  const errors: Record<number, ErrorCode[]> = {};
  for (const code of [...Object.values(spec.errors).flat(), ...ANY_REQUEST_ERRORS] as ErrorCode[])
    errors[ERROR_STATUS[code]] = [...(errors[ERROR_STATUS[code]] ?? []), code];
  for (const [status, codes] of Object.entries(errors)) responses[status] = errorResponse(codes);
  return {
    get: {
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      operationId: spec.operationId,
      ...(spec.parameters ? { parameters: spec.parameters } : {}),
      responses,
      ...(spec.extension ? { 'x-extension': true } : {}),
    },
  };
}

/** A file served as it is (not a JSON document of ours): its media type, its own 404 when it has a path parameter. */
function fileOperation(
  operationId: string,
  summary: string,
  description: string,
  mediaType: string | readonly string[],
  schema: Json,
  parameters?: Json[],
): Json {
  const errors = operation({ summary, operationId, errors: parameters ? { 404: ['not_found'] } : {} }).get as {
    responses: Json;
  };
  return {
    get: {
      summary,
      operationId,
      ...(parameters ? { parameters } : {}),
      'x-extension': true,
      responses: {
        '200': {
          description,
          headers: headerRefs(COMMON_HEADERS),
          content: Object.fromEntries([mediaType].flat().map((type) => [type, { schema }])),
        },
        ...errors.responses,
      },
    },
  };
}

/** The document's info: the API in a few sentences (limit, case, CORS preflight, methods), and its licences. */
function apiInfo(): Json {
  return {
    title: 'Open EV compatibility API',
    version: API_VERSION,
    summary: 'Will this electric vehicle charge on this charger model, in this region, how fast, and how sure are we?',
    description:
      'Read-only, public JSON. Every response under /api/ is JSON (errors included) with CORS and rate-limit headers; ' +
      `the limit is ${RATE_LIMIT} requests per ${RATE_WINDOW_MS / 1000} s per IP (a fixed window from the first request). ` +
      'Paths and region values are case-sensitive, a trailing slash is ignored, other query parameters are ignored, ' +
      'and nothing redirects. No authentication: no credential, header or token is needed anywhere. ' +
      `OPTIONS on any path is the CORS preflight: 204 with Access-Control-Allow-Methods: ${ALLOWED_METHODS}, the requested headers echoed ` +
      'in Access-Control-Allow-Headers and Access-Control-Max-Age: 86400; it is not counted by the limit. ' +
      `Other methods get 405 method_not_allowed with Allow: ${ALLOWED_METHODS} (extension). ` +
      'Operations and responses marked x-extension are ours, beyond the published interface.',
    license: { name: `Data: ${DATA_LICENSE.name}; code: ${CODE_LICENSE.name}`, identifier: DATA_LICENSE.identifier },
  };
}

/** The paths of the published interface: the details, the compatibility lists and the edge, and the missing slugs. */
function interfacePaths(): Json {
  const vehicle = slugParameter('slug', 'Vehicle');
  const charger = slugParameter('slug', 'Charger');
  const listRegion: Json = {
    name: 'region',
    in: 'query',
    required: false,
    description:
      "Extension: only that region's edges (without it, every region's); any other value (eu, XX, empty) is 400 invalid_region.",
    schema: { type: 'string', enum: [...REGIONS] },
    'x-extension': true,
  };
  return {
    '/api/v1/vehicles/{slug}': operation({
      summary: 'Vehicle detail',
      description: RETIRED_SLUG,
      operationId: 'getVehicle',
      parameters: [vehicle],
      ok: { kind: 'vehicle', description: 'The vehicle variant.' },
      errors: { 400: ['slugs_required'], 404: ['not_found'] },
    }),
    '/api/v1/vehicles/{slug}/compatibility': operation({
      summary: 'Chargers for a vehicle',
      description: RETIRED_SLUG,
      operationId: 'getVehicleCompatibility',
      parameters: [vehicle, listRegion],
      ok: {
        kind: 'vehicle-compatibility',
        description: `Every edge of the vehicle (or, with region, that region's), by charger slug then region (${REGION_ORDER_TEXT}).`,
      },
      errors: { 400: ['slugs_required', 'invalid_region'], 404: ['not_found'] },
    }),
    '/api/v1/chargers/{slug}': operation({
      summary: 'Charger detail',
      description: RETIRED_SLUG,
      operationId: 'getCharger',
      parameters: [charger],
      ok: { kind: 'charger', description: 'The charger model.' },
      errors: { 400: ['slugs_required'], 404: ['not_found'] },
    }),
    '/api/v1/chargers/{slug}/compatibility': operation({
      summary: 'Vehicles for a charger',
      description: RETIRED_SLUG,
      operationId: 'getChargerCompatibility',
      parameters: [charger, listRegion],
      ok: {
        kind: 'charger-compatibility',
        description: `Every edge of the charger (or, with region, that region's), by vehicle slug then region (${REGION_ORDER_TEXT}).`,
      },
      errors: { 400: ['slugs_required', 'invalid_region'], 404: ['not_found'] },
    }),
    '/api/v1/compatibility/{vehicleSlug}/{chargerSlug}': operation({
      summary: 'Compatibility edge',
      description: `${NO_EDGE_IN_REGION} ${RETIRED_SLUG}`,
      operationId: 'getEdge',
      parameters: [
        slugParameter('vehicleSlug', 'Vehicle'),
        slugParameter('chargerSlug', 'Charger'),
        {
          name: 'region',
          in: 'query',
          required: false,
          description: 'Region of the edge; any other value (eu, XX, empty) is 400 invalid_region.',
          schema: { type: 'string', enum: [...REGIONS], default: DEFAULT_REGION },
        },
      ],
      ok: { kind: 'edge', description: 'The edge for the pairing in the region.' },
      errors: { 400: ['slugs_required', 'invalid_region'], 404: ['not_found'] },
    }),
    '/api/v1/compatibility': operation({
      summary: 'Missing slugs',
      operationId: 'edgeWithoutSlugs',
      errors: { 400: ['slugs_required'] },
    }),
    '/api/v1/compatibility/{vehicleSlug}': operation({
      summary: 'Missing charger slug',
      operationId: 'edgeWithoutChargerSlug',
      parameters: [slugParameter('vehicleSlug', 'Vehicle')],
      errors: { 400: ['slugs_required'] },
    }),
  };
}

/** Extensions: the index, and the lists of every vehicle and every charger model. */
function listPaths(): Json {
  return {
    '/api/v1': operation({
      summary: 'Versions and counts',
      operationId: 'getIndex',
      ok: { kind: 'index', description: 'API, dataset and rule versions, and counts.' },
      errors: {},
      extension: true,
    }),
    '/api/v1/vehicles': operation({
      summary: 'All vehicles',
      operationId: 'listVehicles',
      ok: { kind: 'vehicle-list', description: 'Every vehicle, sorted by slug, with the regions it is on sale in.' },
      errors: {},
      extension: true,
    }),
    '/api/v1/chargers': operation({
      summary: 'All charger models',
      operationId: 'listChargers',
      ok: {
        kind: 'charger-list',
        description: 'Every charger model, sorted by slug, with the regions it is installed in.',
      },
      errors: {},
      extension: true,
    }),
  };
}

/** Extensions (v1.3): the reasoning behind a vehicle's edges, and the figures that would settle or sharpen most. */
function reasoningPaths(): Json {
  return {
    '/api/v1/vehicles/{slug}/explain': operation({
      summary: "Why each of a vehicle's edges says what it says",
      description: RETIRED_SLUG,
      operationId: 'getVehicleExplain',
      parameters: [slugParameter('slug', 'Vehicle')],
      ok: {
        kind: 'explain',
        description:
          'For each edge, in the order of the vehicle compatibility list: the path chosen, each cap on record with its ' +
          'value and sources, each missing figure with the row and column that would hold it and the power range it ' +
          'leaves open, and the rule that decided the state.',
      },
      errors: { 400: ['slugs_required'], 404: ['not_found'] },
      extension: true,
    }),
    '/api/v1/wanted': operation({
      summary: 'The missing figures that would help most',
      operationId: 'getWanted',
      ok: {
        kind: 'wanted',
        description:
          'Every figure not on record that an answer rests on, ranked by the edges it would settle (make known whether ' +
          'they charge) or sharpen (their power), per region.',
      },
      errors: {},
      extension: true,
    }),
  };
}

/** Extensions: charging networks, their charger models per region, and what each gives a vehicle. */
function networkPaths(): Json {
  const region = (description: string): Json => ({
    name: 'region',
    in: 'query',
    required: false,
    description: `${description}; any other value (eu, XX, empty) is 400 invalid_region.`,
    schema: { type: 'string', enum: [...REGIONS] },
  });
  return {
    '/api/v1/networks': operation({
      summary: 'All charging networks',
      operationId: 'listNetworks',
      parameters: [region("Only the networks operating in that region (without it, every network's)")],
      ok: {
        kind: 'network-list',
        description: 'Every charging network (operator brand), sorted by slug, with the regions it operates in.',
      },
      errors: { 400: ['invalid_region'] },
      extension: true,
    }),
    '/api/v1/networks/{slug}': operation({
      summary: 'A charging network',
      operationId: 'getNetwork',
      parameters: [slugParameter('slug', 'Network')],
      ok: {
        kind: 'network',
        description:
          'The network with its sources and, per region: its DC site count, its access terms and the charger models ' +
          'it runs there, each with the sources that show it (hardware_known false, with a sentence, where none does).',
      },
      errors: { 400: ['slugs_required'], 404: ['not_found'] },
      extension: true,
    }),
    '/api/v1/vehicles/{slug}/networks': operation({
      summary: 'What each charging network gives a vehicle',
      description:
        `${RETIRED_SLUG} Written for each region the vehicle is on sale in: another region answers 404 not_found. ` +
        'Without region, the region its slug names (its market), or the first it is on sale in.',
      operationId: 'getVehicleNetworks',
      parameters: [
        slugParameter('slug', 'Vehicle'),
        region('The region to answer for (default: the market the vehicle slug names)'),
      ],
      ok: {
        kind: 'vehicle-networks',
        description:
          'For each network operating in the region: its access terms, whether it admits the vehicle, the best and the ' +
          "worst of the vehicle's edges with the models it runs there (by state, ok > limited > adp > unk > no, then " +
          'kW), with the edges they come from, and a sentence a driver can read.',
      },
      errors: { 400: ['slugs_required', 'invalid_region'], 404: ['not_found'] },
      extension: true,
    }),
  };
}

/** Extensions for mirrors: the releases and what each changed, the feed, the mirror manifest and its bundle. */
function releasePaths(): Json {
  return {
    '/api/v1/changes': operation({
      summary: 'Dataset releases',
      operationId: 'listReleases',
      ok: {
        kind: 'changes',
        description: 'Every dataset release, newest first, with its edge counts and where its changes are.',
      },
      errors: {},
      extension: true,
    }),
    '/api/v1/changes/{datasetVersion}': operation({
      summary: 'What one release changed',
      operationId: 'getReleaseChanges',
      parameters: [
        {
          name: 'datasetVersion',
          in: 'path',
          required: true,
          description: 'A released dataset version, e.g. 0.6.0.',
          schema: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
        },
      ],
      ok: {
        kind: 'release-changes',
        description:
          'Vehicles, chargers and edges the release added, changed or removed, each edge with its state and kW before and after.',
      },
      errors: { 404: ['not_found'] },
      extension: true,
    }),
    '/api/v1/changes.atom': fileOperation(
      'getChangesFeed',
      'The releases as an Atom 1.0 feed',
      'The Atom feed of dataset releases, newest first.',
      'application/atom+xml',
      { type: 'string' },
    ),
    '/api/v1/mirror.json': operation({
      summary: 'Mirror manifest',
      operationId: 'getMirrorInfo',
      ok: {
        kind: 'mirror',
        description: 'The current release, its data digest, and the bundle that copies the whole API in one request.',
      },
      errors: {},
      extension: true,
    }),
    '/api/v1/mirror/{bundle}': fileOperation(
      'getMirrorBundle',
      'The whole API in one deterministic tar+gzip',
      'public/ (every document), netlify.toml, both licences and SHA256SUMS. Immutable: cached for a day.',
      'application/gzip',
      { type: 'string', contentMediaType: 'application/gzip' },
      [
        {
          name: 'bundle',
          in: 'path',
          required: true,
          description: '{datasetVersion}.tar.gz, as named by mirror.json.',
          schema: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+\\.tar\\.gz$' },
        },
      ],
    ),
  };
}

/** Extensions served as files: the exports, the JSON Schemas and this document. */
function filePaths(): Json {
  return {
    '/api/v1/exports/{file}': fileOperation(
      'getExport',
      `The release in bulk: ${EXPORT_FORMATS_TEXT}`,
      'Every edge of the release and the vehicles, chargers and sources it names, in one file per format and kind ' +
        '(their sources by id; mirror.json lists each with its size and SHA-256).',
      [...new Set(EXPORT_FILES.map((file) => file.mediaType))],
      { type: 'string' },
      [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'The export.',
          schema: { type: 'string', enum: EXPORT_FILES.map((file) => file.name) },
        },
      ],
    ),
    '/api/v1/schemas/{name}.json': fileOperation(
      'getJsonSchema',
      'JSON Schema of a published document',
      'The JSON Schema (draft 2020-12) of one document kind; its $id is its path.',
      'application/json',
      { type: 'object' },
      [
        {
          name: 'name',
          in: 'path',
          required: true,
          description: 'The document kind.',
          schema: { type: 'string', enum: Object.keys(PUBLISHED_DOCUMENTS) },
        },
      ],
    ),
    '/api/v1/openapi.json': fileOperation(
      'getOpenApi',
      'This document',
      'The OpenAPI 3.1 description of the API.',
      'application/json',
      { type: 'object' },
    ),
  };
}

export function openApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: apiInfo(),
    security: [],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [
      { url: '/', description: 'The host serving this document (the CDN, or a mirror).' },
      { url: 'http://127.0.0.1:8080', description: 'The local server (npm start).' },
    ],
    paths: {
      ...interfacePaths(),
      ...listPaths(),
      ...reasoningPaths(),
      ...networkPaths(),
      ...releasePaths(),
      ...filePaths(),
    },
    components: { schemas: componentSchemas(), headers: HEADERS },
    'x-error-status': ERROR_STATUS,
  };
}
