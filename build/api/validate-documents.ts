// Checks every document the build emits against its published JSON Schema (ajv; each validator compiled once, on first use).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { jsonSchemaOf } from './json-schemas.ts';
import type { DocumentKind } from './schemas.ts';

/** Thrown when an emitted document breaks its schema: names the file and the failing field. */
export class SchemaViolation extends Error {
  readonly path: string;
  readonly kind: DocumentKind;
  readonly problems: string[];

  constructor(path: string, kind: DocumentKind, problems: string[]) {
    super(`${path} does not match schema ${kind}: ${problems.join('; ')}`);
    this.name = 'SchemaViolation';
    this.path = path;
    this.kind = kind;
    this.problems = problems;
  }
}

export type DocumentValidator = (path: string, kind: DocumentKind, document: unknown) => void;

export function createDocumentValidator(): DocumentValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  const validators = new Map<DocumentKind, ValidateFunction>();
  return (path, kind, document) => {
    let validate = validators.get(kind);
    if (!validate) {
      validate = ajv.compile(jsonSchemaOf(kind));
      validators.set(kind, validate);
    }
    if (!validate(document)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(document)'} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      throw new SchemaViolation(path, kind, problems);
    }
  };
}
