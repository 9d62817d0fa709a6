// The published content of an edge (every field but edgeVersion and createdAt, which come from the ledger) and its hash.
import { createHash } from 'node:crypto';
import type { Dataset } from '../data/dataset.ts';
import type { EdgeFacts } from '../derive/derive-edge.ts';
import { DERIVED_SOURCE_ID } from '../derive/rules/cited-sources.ts';
import { IMPLICATIONS } from '../derive/implied-facts.ts';
import { DERIVATION_VERSION } from '../derive/rules/index.ts';
import { EdgeDocument, type Edge, type Source } from './schemas.ts';

/** The fields the ledger stamps on an edge (not part of its content, nor of its hash). */
const STAMP_FIELDS = ['edgeVersion', 'createdAt'] as const satisfies readonly (keyof Edge)[];
type StampField = (typeof STAMP_FIELDS)[number];

export type EdgeContent = Omit<Edge, StampField>;
export type EdgeStamp = Pick<Edge, StampField>;

/** The edge's fields in the contract's order, as the schema lists them: the one list of an edge's fields. */
export const EDGE_FIELDS = Object.keys(EdgeDocument.shape) as (keyof Edge)[];
/** The fields of its content (all but the stamp's), in the same order. */
export const CONTENT_FIELDS = EDGE_FIELDS.filter(
  (field): field is Exclude<keyof Edge, StampField> => !(STAMP_FIELDS as readonly string[]).includes(field),
);

/** The named fields of `values`, in the order named (a field `values` lacks is a type error where it is called). */
function inOrder<K extends string, T extends Record<K, unknown>>(fields: readonly K[], values: T): Pick<T, K> {
  const document = {} as Pick<T, K>;
  for (const field of fields) document[field] = values[field];
  return document;
}

export const DERIVED_SOURCE: Source = {
  id: DERIVED_SOURCE_ID,
  kind: 'derived',
  title: `Derived from the specifications above by the compatibility rules ${DERIVATION_VERSION}`,
  url: null,
  accessedAt: null,
};

/** Each dataset's source documents, made once: every edge citing a source shares its (never changed) document. */
const sourceDocuments = new WeakMap<Dataset, Map<string, Source>>();

/** The implied facts' sources, of kind `derived`, named after their rule. */
const IMPLIED_SOURCES = new Map<string, Source>(
  [...IMPLICATIONS.values()].map(({ id, title }) => [
    id,
    { id, kind: 'derived', title: `${title} (rules ${DERIVATION_VERSION})`, url: null, accessedAt: null },
  ]),
);

export function sourceDocument(id: string, data: Dataset): Source {
  if (id === DERIVED_SOURCE_ID) return DERIVED_SOURCE;
  const implied = IMPLIED_SOURCES.get(id);
  if (implied) return implied;
  let documents = sourceDocuments.get(data);
  if (!documents) sourceDocuments.set(data, (documents = new Map<string, Source>()));
  let document = documents.get(id);
  if (!document) {
    const source = data.sources.get(id);
    if (!source) throw new Error(`source "${id}" is not in the dataset (the references check should have caught this)`);
    document = {
      id: source.id,
      kind: source.kind,
      title: source.title,
      url: source.url,
      accessedAt: source.accessedAt,
    };
    documents.set(id, document);
  }
  return document;
}

/**
 * The edge's published content from the derivation's facts: every field of the schema but the stamp's, each as the
 * facts name it (a field the schema adds is a field of EdgeFacts, and nothing here), the rules' version and the
 * cited sources' documents.
 */
export function edgeContent(facts: EdgeFacts, data: Dataset): EdgeContent {
  const values = {
    ...facts,
    derivationVersion: DERIVATION_VERSION,
    sources: facts.sourceIds.map((id) => sourceDocument(id, data)),
  };
  return inOrder(CONTENT_FIELDS, values);
}

/** Where each field of the edge comes from, in the contract's order: the stamp or the content. */
const FIELD_SOURCES = EDGE_FIELDS.map((field) => [field, (STAMP_FIELDS as readonly string[]).includes(field)] as const);

/** The edge as published, fields in the contract's order. */
export function edgeDocument(content: EdgeContent, stamp: EdgeStamp): Edge {
  const document: Record<string, unknown> = {};
  for (const [field, stamped] of FIELD_SOURCES)
    document[field] = stamped ? stamp[field as StampField] : content[field as keyof EdgeContent];
  return document as Edge;
}

/** The ledger's fingerprint of an edge: sha256 of its published content, 16 hex digits. */
export const edgeContentHash = (edge: EdgeContent): string =>
  createHash('sha256')
    .update(JSON.stringify(inOrder(CONTENT_FIELDS, edge)))
    .digest('hex')
    .slice(0, 16);
