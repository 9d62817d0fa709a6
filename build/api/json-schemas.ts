// The published JSON Schemas (draft 2020-12), generated from the zod schemas in schemas.ts, with stable $ids.
import { z } from 'zod';
import { PUBLISHED_DOCUMENTS, type DocumentKind } from './schemas.ts';

/** Where a schema is published, relative to public/; also its $id (a URI reference on the serving host). */
export const schemaPath = (kind: DocumentKind) => `api/v1/schemas/${kind}.json`;
const schemaId = (kind: DocumentKind) => `/${schemaPath(kind)}`;

export type JsonSchema = Record<string, unknown>;

export function jsonSchemaOf(kind: DocumentKind): JsonSchema {
  const generated = z.toJSONSchema(PUBLISHED_DOCUMENTS[kind], { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
  const { $schema, ...rest } = generated;
  return { $schema, $id: schemaId(kind), title: kind, ...rest };
}

export const DOCUMENT_KINDS = Object.keys(PUBLISHED_DOCUMENTS) as DocumentKind[];
