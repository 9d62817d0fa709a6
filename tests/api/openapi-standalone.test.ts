// A downloaded copy of /api/v1/openapi.json, alone in an empty folder, is enough for the usual tools: openapi-typescript
// generates a typed client from it, and swagger-parser resolves and validates it (redocly: openapi-lint.test.ts).
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '../../build/api/json-schemas.ts';
import { sharedSite } from '../helpers/fixture.ts';

let copy: string;
beforeAll(() => {
  copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-openapi-copy-')), 'openapi.json');
  copyFileSync(path.join(sharedSite('mini').publicDir, 'api/v1/openapi.json'), copy);
});

describe('a downloaded copy of the OpenAPI document, alone', () => {
  it('generates TypeScript types with openapi-typescript: every document schema and every operation', async () => {
    const types = astToString(await openapiTS(pathToFileURL(copy)));
    for (const kind of DOCUMENT_KINDS) expect(types, kind).toMatch(new RegExp(`^\\s+"?${kind}"?: \\{`, 'm'));
    for (const operation of ['getVehicle', 'getEdge', 'getChargerCompatibility', 'listVehicles'])
      expect(types, operation).toMatch(new RegExp(`^\\s+${operation}: \\{`, 'm'));
    // The edge's fields come through typed, not as `unknown`.
    expect(types).toMatch(/state: "ok" \| "adp" \| "limited" \| "no" \| "unk"/);
  });

  it('is resolved and validated by swagger-parser, every $ref inside the document', async () => {
    const api = (await SwaggerParser.validate(copy)) as { paths: Record<string, unknown> };
    expect(Object.keys(api.paths)).toContain('/api/v1/compatibility/{vehicleSlug}/{chargerSlug}');
    const refs = await SwaggerParser.resolve(copy);
    expect(refs.paths()).toEqual([copy]);
  });
});
