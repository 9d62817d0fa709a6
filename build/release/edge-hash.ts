// The hash of an edge's published content: every field but edgeVersion and createdAt (contract §2).
import { createHash } from 'node:crypto';
import type { Edge } from '../api/schemas.ts';

export type EdgeContent = Omit<Edge, 'edgeVersion' | 'createdAt'>;

export function edgeContentHash(edge: EdgeContent): string {
  const { vehicle, charger, region, kw, state, confidence, protocols, adapterRequired, derivationVersion, sources } = edge;
  const content = { vehicle, charger, region, kw, state, confidence, protocols, adapterRequired, derivationVersion, sources };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}
