// The edge's content, document and hash follow the schema's fields: its order, its content less the ledger's stamp.
import { describe, expect, it } from 'vitest';
import {
  CONTENT_FIELDS,
  DERIVED_SOURCE,
  EDGE_FIELDS,
  edgeContent,
  edgeContentHash,
  edgeDocument,
} from '../../build/api/edge-content.ts';
import { EdgeDocument } from '../../build/api/schemas.ts';
import type { Dataset } from '../../build/data/dataset.ts';
import type { EdgeFacts } from '../../build/derive/derive-edge.ts';
import { DERIVED_SOURCE_ID } from '../../build/derive/rules/cited-sources.ts';
import { DERIVATION_VERSION } from '../../build/derive/rules/index.ts';

const facts: EdgeFacts = {
  adapterRequired: false,
  charger: 'abb-terra-184',
  region: 'EU',
  vehicle: 'kia-ev6-long-range-awd-2022-eu',
  kw: 150,
  state: 'limited',
  confidence: 0.9,
  protocols: ['DIN70121'],
  sourceIds: [DERIVED_SOURCE_ID],
  explanation: { path: null, caps: [], missing: [], decidedBy: 'state-precedence' },
};
// Only the derived source is cited, which needs no dataset.
const content = edgeContent(facts, {} as Dataset);

describe('the edge content', () => {
  it('has the schema fields but the stamp, in the schema order', () => {
    expect(EDGE_FIELDS).toEqual(Object.keys(EdgeDocument.shape));
    expect(CONTENT_FIELDS).toEqual(EDGE_FIELDS.filter((field) => field !== 'edgeVersion' && field !== 'createdAt'));
    expect(Object.keys(content)).toEqual(CONTENT_FIELDS);
    expect(content).toMatchObject({ kw: 150, derivationVersion: DERIVATION_VERSION, sources: [DERIVED_SOURCE] });
    expect(content).not.toHaveProperty('sourceIds');
    expect(content).not.toHaveProperty('explanation');
  });

  it('makes a document the strict schema accepts, fields in its order', () => {
    const document = edgeDocument(content, { createdAt: '2026-01-02', edgeVersion: 3 });
    expect(Object.keys(document)).toEqual(Object.keys(EdgeDocument.shape));
    expect(EdgeDocument.parse(document)).toEqual(document);
  });

  it('hashes the content alone, whatever the order of its keys or a stamp beside it', () => {
    const hash = edgeContentHash(content);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const reordered = Object.fromEntries(Object.entries(content).reverse()) as typeof content;
    expect(edgeContentHash(reordered)).toBe(hash);
    expect(edgeContentHash(edgeDocument(content, { createdAt: null, edgeVersion: 9 }))).toBe(hash);
    expect(edgeContentHash({ ...content, kw: 151 })).not.toBe(hash);
  });
});
