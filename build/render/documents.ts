// Builds each published document (exact contract fields, in order) from the dataset and derived edge facts.
import type { Dataset } from '../data/dataset.ts';
import type { ChargerRow, VehicleRow } from '../data/tables.ts';
import { DERIVATION_VERSION, DERIVED_SOURCE_ID, type EdgeFacts } from '../derive/derive-edge.ts';
import type { Charger, ChargerList, Edge, IndexInfo, Source, Vehicle, VehicleList } from '../api/schemas.ts';
import { API_VERSION } from '../api/schemas.ts';
import { chargerId, vehicleId } from './ids.ts';
import type { EdgeContent } from '../release/edge-hash.ts';
import type { EdgeStamp } from '../release/edge-history.ts';

export const DERIVED_SOURCE: Source = {
  id: DERIVED_SOURCE_ID,
  kind: 'derived',
  title: `Derived from the specifications above by the compatibility rules ${DERIVATION_VERSION}`,
  url: null,
  accessedAt: null,
};

export function vehicleDocument(v: VehicleRow): Vehicle {
  return {
    id: vehicleId(v.slug),
    slug: v.slug,
    brand: v.brand,
    family: v.family,
    trim: v.trim,
    model_year: v.model_year,
    max_dc_kw_oem: v.max_dc_kw_oem,
    max_ac_kw_oem: v.max_ac_kw_oem,
    battery_kwh_usable: v.battery_kwh_usable,
    architecture_voltage_v: v.architecture_voltage_v,
    bidirectional: [...v.bidirectional] as Vehicle['bidirectional'],
  };
}

export function chargerDocument(c: ChargerRow): Charger {
  return {
    id: chargerId(c.slug),
    slug: c.slug,
    brand: c.brand,
    nominal_max_kw: c.nominal_max_kw,
    current_kind: c.current_kind,
    output_voltage_min_v: c.output_voltage_min_v,
    output_voltage_max_v: c.output_voltage_max_v,
  };
}

/** The published content of an edge: every field but edgeVersion and createdAt, which come from the ledger. */
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
    sources: facts.sourceIds.map((id) => (id === DERIVED_SOURCE_ID ? DERIVED_SOURCE : sourceDocument(id, data))),
  };
}

/** The edge as published, fields in the contract's order. */
export function edgeDocument(content: EdgeContent, stamp: EdgeStamp): Edge {
  const { vehicle, charger, region, kw, state, confidence, protocols, adapterRequired, derivationVersion, sources } = content;
  return { vehicle, charger, region, kw, state, confidence, protocols, adapterRequired, edgeVersion: stamp.edgeVersion, derivationVersion, createdAt: stamp.createdAt, sources };
}

function sourceDocument(id: string, data: Dataset): Source {
  const source = data.sources.get(id);
  if (!source) throw new Error(`source "${id}" is not in the dataset (the references check should have caught this)`);
  return { id: source.id, kind: source.kind, title: source.title, url: source.url, accessedAt: source.accessedAt };
}

export function vehicleListDocument(data: Dataset): VehicleList {
  return {
    count: data.vehicles.length,
    vehicles: data.vehicles.map((v) => ({ slug: v.slug, brand: v.brand, family: v.family, trim: v.trim, model_year: v.model_year })),
  };
}

export function chargerListDocument(data: Dataset): ChargerList {
  return {
    count: data.chargers.length,
    chargers: data.chargers.map((c) => ({ slug: c.slug, brand: c.brand, current_kind: c.current_kind, nominal_max_kw: c.nominal_max_kw })),
  };
}

export function indexDocument(data: Dataset, datasetVersion: string, edges: number): IndexInfo {
  return {
    apiVersion: API_VERSION,
    datasetVersion,
    derivationVersion: DERIVATION_VERSION,
    counts: { vehicles: data.vehicles.length, chargers: data.chargers.length, edges },
  };
}
