// The published contract: OpenAPI 3.1 accepted by a standard validator, JSON Schemas with stable $ids, and the reference page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '../../build/api/json-schemas.ts';
import { DEFAULT_REGION, REGIONS } from '../../build/core/regions.ts';
import { sharedSite } from '../helpers/fixture.ts';

const site = sharedSite('mini');
let openapi: any;
const schemaFile = (kind: string) => path.join(site.publicDir, 'api/v1/schemas', `${kind}.json`);
beforeAll(async () => {
  openapi = JSON.parse(readFileSync(path.join(site.publicDir, 'api/v1/openapi.json'), 'utf8'));
});

describe('the OpenAPI document the build publishes', () => {
  it('is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator on its own, with no other file', async () => {
    const validator = new Validator();
    expect(await validator.validate(openapi)).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
  });

  it('holds every published JSON Schema in components/schemas, the same as its own file but for $id and $schema', () => {
    expect(Object.keys(openapi.components.schemas).sort()).toEqual([...DOCUMENT_KINDS].sort());
    for (const kind of DOCUMENT_KINDS) {
      const { $id: _id, $schema: _schema, ...published } = JSON.parse(readFileSync(schemaFile(kind), 'utf8'));
      expect(openapi.components.schemas[kind], kind).toEqual(published);
    }
    const refs = JSON.stringify(openapi).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => !ref.startsWith('"$ref":"#/'))).toEqual([]);
  });

  it('a broken copy is refused by the same validator (the check can fail)', async () => {
    const validator = new Validator();
    const broken = structuredClone(openapi);
    broken.paths['/api/v1/vehicles/{slug}'].get.responses['200'].description = 42;
    expect((await validator.validate(broken)).valid).toBe(false);
  });

  it('describes every path of contract §3 and §4, GET only', () => {
    expect(Object.keys(openapi.paths).sort()).toEqual(
      [
        '/api/v1',
        '/api/v1/chargers',
        '/api/v1/chargers/{slug}',
        '/api/v1/chargers/{slug}/compatibility',
        '/api/v1/compatibility',
        '/api/v1/compatibility/{vehicleSlug}',
        '/api/v1/compatibility/{vehicleSlug}/{chargerSlug}',
        '/api/v1/openapi.json',
        '/api/v1/changes',
        '/api/v1/changes/{datasetVersion}',
        '/api/v1/changes.atom',
        '/api/v1/mirror.json',
        '/api/v1/mirror/{bundle}',
        '/api/v1/exports/{file}',
        '/api/v1/schemas/{name}.json',
        '/api/v1/vehicles',
        '/api/v1/vehicles/{slug}',
        '/api/v1/vehicles/{slug}/compatibility',
        '/api/v1/vehicles/{slug}/explain',
        '/api/v1/wanted',
        '/api/v1/networks',
        '/api/v1/networks/{slug}',
        '/api/v1/vehicles/{slug}/networks',
      ].sort(),
    );
    for (const item of Object.values<any>(openapi.paths)) expect(Object.keys(item)).toEqual(['get']);
    expect(openapi.info.version).toBe('1.0.0');
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.servers.length).toBeGreaterThan(0);
  });

  it('has region as an enum of the regions with the default region, and 400 invalid_region marked as an extension', () => {
    const op = openapi.paths['/api/v1/compatibility/{vehicleSlug}/{chargerSlug}'].get;
    const region = op.parameters.find((p: any) => p.name === 'region');
    expect(region).toMatchObject({
      in: 'query',
      required: false,
      schema: { enum: [...REGIONS], default: DEFAULT_REGION },
    });
    expect(op.responses['400']['x-extension-codes']).toEqual(['invalid_region', 'bad_request']);
    expect(op.responses['400'].content['application/json'].schema.properties.error.enum).toEqual([
      'slugs_required',
      'invalid_region',
      'bad_request',
    ]);
    expect(op.responses['404'].content['application/json'].schema.properties.error.enum).toEqual(['not_found']);
    expect(op.responses['404']['x-extension-codes']).toBeUndefined();
  });

  it('declares ?region= on both list endpoints as an extension with 400 invalid_region, and regions in the list elements', () => {
    for (const path of ['/api/v1/vehicles/{slug}/compatibility', '/api/v1/chargers/{slug}/compatibility']) {
      const op = openapi.paths[path].get;
      expect(
        op.parameters.find((p: any) => p.name === 'region'),
        path,
      ).toMatchObject({
        in: 'query',
        required: false,
        'x-extension': true,
        schema: { enum: [...REGIONS] },
      });
      expect(op.responses['400'].content['application/json'].schema.properties.error.enum, path).toContain(
        'invalid_region',
      );
    }
    const vehicleList = JSON.parse(readFileSync(schemaFile('vehicle-list'), 'utf8'));
    expect(vehicleList.properties.vehicles.items.properties.regions).toMatchObject({
      type: 'array',
      items: { enum: [...REGIONS] },
    });
  });

  it('states what kw means in the edge schema: the caps it never exceeds and when it is 0', () => {
    const edge = JSON.parse(readFileSync(schemaFile('edge'), 'utf8'));
    expect(edge.properties.kw.description).toMatch(/the smallest of the caps on record .* never above any of them/);
    expect(edge.properties.kw.description).toMatch(
      /0 when state is no or unk, and 0 when the vehicle's own maximum for that current is not on record/,
    );
  });

  it('needs no authentication and names the licences', () => {
    expect(openapi.security).toEqual([]);
    expect(openapi.info.license).toEqual({ name: 'Data: CC BY 4.0; code: MIT', identifier: 'CC-BY-4.0' });
  });

  it('gives every operation 429 with Retry-After and every response the rate-limit and CORS headers', () => {
    for (const [p, item] of Object.entries<any>(openapi.paths)) {
      const responses = item.get.responses;
      expect(responses['429'], p).toBeDefined();
      expect(Object.keys(responses['429'].headers)).toContain('Retry-After');
      for (const response of Object.values<any>(responses)) {
        expect(Object.keys(response.headers)).toEqual(
          expect.arrayContaining([
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
            'Access-Control-Allow-Origin',
          ]),
        );
      }
    }
    expect(Object.keys(openapi.components.headers).sort()).toEqual([
      'Access-Control-Allow-Origin',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
  });

  it('marks our extension operations and no interface operation', () => {
    const extensions = Object.entries<any>(openapi.paths)
      .filter(([, item]) => item.get['x-extension'])
      .map(([p]) => p)
      .sort();
    expect(extensions).toEqual(
      [
        '/api/v1',
        '/api/v1/changes',
        '/api/v1/changes.atom',
        '/api/v1/changes/{datasetVersion}',
        '/api/v1/chargers',
        '/api/v1/mirror.json',
        '/api/v1/mirror/{bundle}',
        '/api/v1/exports/{file}',
        '/api/v1/openapi.json',
        '/api/v1/schemas/{name}.json',
        '/api/v1/vehicles',
        '/api/v1/vehicles/{slug}/explain',
        '/api/v1/wanted',
        '/api/v1/networks',
        '/api/v1/networks/{slug}',
        '/api/v1/vehicles/{slug}/networks',
      ].sort(),
    );
  });
});

describe('the published JSON Schemas', () => {
  it('are draft 2020-12 with stable $ids matching where they are served', () => {
    for (const kind of DOCUMENT_KINDS) {
      const schema = JSON.parse(readFileSync(schemaFile(kind), 'utf8'));
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`/api/v1/schemas/${kind}.json`);
    }
  });

  it('describe every field of every document', () => {
    const undescribed: string[] = [];
    const walk = (node: any, where: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [name, property] of Object.entries<any>(node.properties ?? {})) {
        if (!property.description) undescribed.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
        walk(property.items, `${where}.${name}[]`);
      }
    };
    for (const kind of DOCUMENT_KINDS) walk(JSON.parse(readFileSync(schemaFile(kind), 'utf8')), kind);
    expect(undescribed).toEqual([]);
  });
});

describe('the reference page at /', () => {
  it('shows every endpoint with an example request and a real response from the build', async () => {
    const html = readFileSync(path.join(site.publicDir, 'index.html'), 'utf8');
    const sections = html.split('<section ').slice(1);
    expect(sections).toHaveLength(Object.keys(openapi.paths).length);
    for (const p of Object.keys(openapi.paths)) {
      const section = sections.find((s) => s.includes(`<h2><span class="verb">GET</span> <code>${p}</code>`));
      expect(section, p).toBeDefined();
      // Files served as they are (not documents of the build's own shapes) have no example body.
      const files = [
        '/api/v1/openapi.json',
        '/api/v1/changes.atom',
        '/api/v1/mirror.json',
        '/api/v1/mirror/{bundle}',
        '/api/v1/exports/{file}',
      ];
      if (!files.includes(p)) expect(section, p).toContain('Example request:');
    }
    const edge = site.json('api/v1/_data/edges/EU/volt-a-400-2024/amp-dc-50.json');
    expect(html).toContain('curl -s "$BASE/api/v1/compatibility/volt-a-400-2024/amp-dc-50"');
    expect(html).toContain(
      JSON.stringify(edge, null, 2)
        .replace(/&/g, '&#38;')
        .replace(/"/g, '&#34;')
        .replace(/'/g, '&#39;')
        .replace(/</g, '&#60;')
        .replace(/>/g, '&#62;'),
    );
    // No script, and nothing from another origin: its one stylesheet is the site's own (the CSP allows only 'self').
    expect(html).not.toMatch(/<script\b|src="http|<link\b(?![^>]*href="\/reference\.css")/);
  });
});
