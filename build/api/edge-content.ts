// The published content of an edge (every field but edgeVersion and createdAt, which come from the ledger) and its hash.
import { createHash } from 'node:crypto';
import type { Dataset } from '../data/dataset.ts';
import type { EdgeFacts } from '../derive/derive-edge.ts';
import { DERIVED_SOURCE_ID } from '../derive/rules/cited-sources.ts';
import { IMPLICATIONS } from '../derive/implied-facts.ts';
import { DERIVATION_VERSION } from '../derive/rules/index.ts';
import type { Edge, Source } from './schemas.ts';

export type EdgeContent = Omit<Edge, 'edgeVersion' | 'createdAt'>;
export interface EdgeStamp {
  edgeVersion: number;
  createdAt: string | null;
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

export function edgeContent(facts: EdgeFacts, data: Dataset): EdgeContent {
  return {
    vehicle: facts.vehicle,
    charger: facts.charger,
    region: facts.region,
    kw: facts.kw,
    state: facts.state,
    confidence: facts.confidence,
    protocols: facts.protocols,
    adapterRequired: facts.adapterRequired,
    derivationVersion: DERIVATION_VERSION,
    sources: facts.sourceIds.map((id) => sourceDocument(id, data)),
  };
}

/** The edge as published, fields in the contract's order. */
export function edgeDocument(content: EdgeContent, stamp: EdgeStamp): Edge {
  const { vehicle, charger, region, kw, state, confidence, protocols, adapterRequired, derivationVersion, sources } =
    content;
  return {
    vehicle,
    charger,
    region,
    kw,
    state,
    confidence,
    protocols,
    adapterRequired,
    edgeVersion: stamp.edgeVersion,
    derivationVersion,
    createdAt: stamp.createdAt,
    sources,
  };
}

/** The ledger's fingerprint of an edge: sha256 of its published content, 16 hex digits. */
export function edgeContentHash(edge: EdgeContent): string {
  const { vehicle, charger, region, kw, state, confidence, protocols, adapterRequired, derivationVersion, sources } =
    edge;
  const content = {
    vehicle,
    charger,
    region,
    kw,
    state,
    confidence,
    protocols,
    adapterRequired,
    derivationVersion,
    sources,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}
