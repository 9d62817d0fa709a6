// Every response of contract §3 from the local server matches the OpenAPI schema of its path and status.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '../../build/api/json-schemas.ts';
import { sharedSite } from '../helpers/fixture.ts';
import { RATE_LIMITED_PATH } from '../../build/core/errors.ts';
import { rawRequest, useServer, type RawResponse } from '../helpers/http.ts';
import { ON_NETLIFY_EMULATOR } from '../helpers/netlify-emulator.ts';

const site = sharedSite('mini');
let openapi: any;
let ajv: Ajv2020;
beforeAll(async () => {
  openapi = JSON.parse(readFileSync(path.join(site.publicDir, 'api/v1/openapi.json'), 'utf8'));
  ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  for (const kind of DOCUMENT_KINDS)
    ajv.addSchema(JSON.parse(readFileSync(path.join(site.publicDir, 'api/v1/schemas', `${kind}.json`), 'utf8')));
});

/** The OpenAPI path template a request path falls under (slugs may be empty), or null for paths the document does not list. */
function templateOf(requestPath: string): string | null {
  const segments = requestPath.replace(/\/$/, '').split('/');
  for (const template of Object.keys(openapi.paths)) {
    const parts = template.split('/');
    if (parts.length === segments.length && parts.every((part, i) => part.startsWith('{') || part === segments[i]))
      return template;
  }
  return null;
}

/** Validates a response against its path's declared status; paths outside the document must still be error documents. */
function expectMatchesOpenApi(requestPath: string, res: RawResponse): void {
  const template = templateOf(requestPath.split('?')[0] as string);
  const body = JSON.parse(res.body);
  if (template === null) {
    expect(ajv.validate('/api/v1/schemas/error.json', body), `${requestPath}: ${ajv.errorsText()}`).toBe(true);
    return;
  }
  const response = openapi.paths[template].get.responses[String(res.status)];
  expect(response, `${requestPath} answered ${res.status}, which ${template} does not declare`).toBeDefined();
  // The document's refs point into its own components/schemas, which hold the published schemas (tests/api/openapi.test.ts).
  const declared = JSON.stringify(response.content['application/json'].schema).replace(
    /"#\/components\/schemas\/([a-z-]+)"/g,
    '"/api/v1/schemas/$1.json"',
  );
  const schema = { $id: '/api/v1/openapi-response', ...JSON.parse(declared) };
  expect(ajv.validate(schema, body), `${requestPath} (${res.status}): ${ajv.errorsText()}`).toBe(true);
  ajv.removeSchema('/api/v1/openapi-response');
  for (const header of Object.keys(response.headers))
    expect(res.headers[header.toLowerCase()], `${requestPath}: ${header}`).toBeDefined();
}

const VA = 'volt-a-400-2024';
const VD = 'volt-d-na-ccs1-2024';
const ROWS: [string, number][] = [
  [`/api/v1/vehicles/${VA}`, 200],
  ['/api/v1/vehicles/no-such-vehicle', 404],
  [`/api/v1/vehicles/${VA}/compatibility`, 200],
  ['/api/v1/vehicles/no-such-vehicle/compatibility', 404],
  ['/api/v1/chargers/amp-hpc-350', 200],
  ['/api/v1/chargers/no-such-charger', 404],
  ['/api/v1/chargers/bolt-super-250/compatibility', 200],
  ['/api/v1/chargers/no-such-charger/compatibility', 404],
  [`/api/v1/compatibility/${VA}/amp-hpc-350`, 200],
  [`/api/v1/compatibility/${VA}/amp-hpc-350?region=GB`, 200],
  [`/api/v1/compatibility/${VD}/bolt-super-250?region=NA`, 200],
  [`/api/v1/compatibility/${VA}/amp-hpc-350?region=NA`, 404],
  [`/api/v1/compatibility/${VA}/amp-hpc-350?region=eu`, 400],
  [`/api/v1/compatibility/${VA}/amp-hpc-350?region=ZZ`, 400],
  [`/api/v1/compatibility/${VA}/amp-hpc-350?region=`, 400],
  ['/api/v1/compatibility', 400],
  [`/api/v1/compatibility/${VA}`, 400],
  ['/api/v1/vehicles//compatibility', 400],
  ['/api/v1/compatibility//amp-hpc-350', 400],
  ['/api/v1/no-such-thing', 404],
  ['/api/v1', 200],
  ['/api/v1/vehicles', 200],
  ['/api/v1/chargers', 200],
  ['/api/v1/openapi.json', 200],
  [`/api/v1/vehicles/${VA}/compatibility?region=GB`, 200],
  [`/api/v1/chargers/bolt-super-250/compatibility?region=NA`, 200],
  [`/api/v1/vehicles/${VA}/compatibility?region=gb`, 400],
  ['/api/v1/vehicles/%E0%A4%A', 400],
  [`/api/v1/vehicles/${VA}/explain`, 200],
  ['/api/v1/vehicles/no-such-vehicle/explain', 404],
  ['/api/v1/wanted', 200],
  ['/api/v1/networks', 200],
  ['/api/v1/networks?region=NA', 200],
  ['/api/v1/networks?region=na', 400],
  ['/api/v1/networks/amp-net', 200],
  ['/api/v1/networks/no-such-network', 404],
  [`/api/v1/vehicles/${VA}/networks`, 200],
  [`/api/v1/vehicles/${VA}/networks?region=GB`, 200],
  [`/api/v1/vehicles/${VA}/networks?region=XX`, 400],
  ['/api/v1/vehicles/no-such-vehicle/networks', 404],
];

describe('responses match the OpenAPI document', () => {
  const running = useServer(() => site);

  for (const [requestPath, status] of ROWS) {
    it(`GET ${requestPath} → ${status}`, async () => {
      const res = await rawRequest({ port: running.server.port, path: requestPath });
      expect(res.status).toBe(status);
      expectMatchesOpenApi(requestPath, res);
    });
  }

  it('the 429 of the limit and the 405 of other methods are error documents of their declared codes', async () => {
    // Known emulator difference (docs/cdn.md): @netlify/dev does not run Netlify's platform rate limiting, so there the
    // 429 is asked for where the platform would rewrite a refused request (RATE_LIMITED_PATH).
    if (!ON_NETLIFY_EMULATOR)
      for (let i = 0; i < 60; i += 1)
        await rawRequest({ port: running.server.port, path: '/api/v1', localAddress: '127.0.0.4' });
    const limited = await rawRequest({
      port: running.server.port,
      path: ON_NETLIFY_EMULATOR ? RATE_LIMITED_PATH : `/api/v1/vehicles/${VA}`,
      localAddress: '127.0.0.4',
    });
    expect(limited.status).toBe(429);
    expectMatchesOpenApi(`/api/v1/vehicles/${VA}`, limited);
    const post = await rawRequest({
      port: running.server.port,
      path: '/api/v1',
      method: 'POST',
      localAddress: '127.0.0.5',
    });
    expect(post.status).toBe(405);
    expect(ajv.validate('/api/v1/schemas/error.json', JSON.parse(post.body))).toBe(true);
  });

  it('a body that breaks the schema is caught (the check can fail)', () => {
    expect(() =>
      expectMatchesOpenApi(`/api/v1/vehicles/${VA}`, { status: 200, headers: {}, body: '{"slug":"x"}' }),
    ).toThrow();
  });
});
