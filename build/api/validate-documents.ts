// Checks every document the build emits against its published JSON Schema (ajv's standalone validators, compiled once
// and kept in the derived cache).
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { cachedText } from '../infra/derived-cache.ts';
import { DOCUMENT_KINDS, jsonSchemaOf } from './json-schemas.ts';
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

const require = createRequire(import.meta.url);

/**
 * Every published schema compiled by ajv into one CommonJS module of standalone validators (export `k<i>` validates
 * DOCUMENT_KINDS[i]), kept in the derived cache: a build loads it in milliseconds instead of compiling each schema.
 * ajv's compiler is loaded only here, when the cache has no module for this code.
 */
function validatorModule(): string {
  const { _ } = require('ajv') as typeof import('ajv');
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const standaloneCode = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  const addFormats = require('ajv-formats') as typeof import('ajv-formats');
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const kind of DOCUMENT_KINDS) ajv.addSchema(jsonSchemaOf(kind), kind);
  // ajv's CommonJS module is the function itself.
  return (standaloneCode as unknown as (ajv: Ajv2020, exports: Record<string, string>) => string)(
    ajv,
    Object.fromEntries(DOCUMENT_KINDS.map((kind, i) => [`k${i}`, kind])),
  );
}

let compiled: Map<DocumentKind, ValidateFunction> | undefined;
function validators(): Map<DocumentKind, ValidateFunction> {
  if (!compiled) {
    const { text, file } = cachedText('validators', '.cjs', validatorModule);
    // Loaded from its cache file, whose require() of ajv's runtime resolves through this project's node_modules; with
    // no cache file (read-only node_modules) the same text runs through a require made for this module.
    const exports = (file ? require(file) : loadModuleText(text)) as Record<string, ValidateFunction>;
    compiled = new Map(DOCUMENT_KINDS.map((kind, i) => [kind, exports[`k${i}`]!]));
  }
  return compiled;
}

function loadModuleText(text: string): unknown {
  const module = { exports: {} as unknown };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text is ajv's own generated code for our schemas
  (new Function('module', 'exports', 'require', text) as (...args: unknown[]) => void)(module, module.exports, require);
  return module.exports;
}

export function createDocumentValidator(): DocumentValidator {
  const byKind = validators();
  return (path, kind, document) => {
    const validate = byKind.get(kind)!;
    if (!validate(document)) {
      const problems = (validate.errors ?? []).map((e) => {
        const extra = e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : '';
        return `${e.instancePath || '(document)'} ${e.message ?? 'is invalid'}${extra}`;
      });
      throw new SchemaViolation(path, kind, problems);
    }
  };
}
