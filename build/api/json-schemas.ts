// The published JSON Schemas (draft 2020-12), generated from the zod schemas in schemas.ts, with stable $ids: generated
// once per version of the build's code (kept in the derived cache), read from there by every later process.
import { z } from 'zod';
import { cachedText } from '../infra/derived-cache.ts';
import { PUBLISHED_DOCUMENTS, type DocumentKind } from './schemas.ts';

/** Where a schema is published, relative to public/; also its $id (a URI reference on the serving host). */
export const schemaPath = (kind: DocumentKind) => `api/v1/schemas/${kind}.json`;
const schemaId = (kind: DocumentKind) => `/${schemaPath(kind)}`;

export type JsonSchema = Record<string, unknown>;

export const DOCUMENT_KINDS = Object.keys(PUBLISHED_DOCUMENTS) as DocumentKind[];

/** The JSON Schema of `kind`, generated from its zod schema. */
function generatedSchema(kind: DocumentKind): JsonSchema {
  const generated = z.toJSONSchema(PUBLISHED_DOCUMENTS[kind], { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
  const { $schema, ...rest } = generated;
  return { $schema, $id: schemaId(kind), title: kind, ...rest };
}

/** `value` and everything in it made read-only: the schemas are shared by every caller of the process. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

let schemas: Readonly<Record<DocumentKind, JsonSchema>> | undefined;

/** The JSON Schema of `kind` (read-only). */
export function jsonSchemaOf(kind: DocumentKind): JsonSchema {
  schemas ??= deepFreeze(
    JSON.parse(
      cachedText('json-schemas', '.json', () =>
        JSON.stringify(Object.fromEntries(DOCUMENT_KINDS.map((each) => [each, generatedSchema(each)]))),
      ).text,
    ) as Record<DocumentKind, JsonSchema>,
  );
  return schemas[kind];
}
