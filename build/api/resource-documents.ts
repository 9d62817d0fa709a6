// Builds the vehicle, charger, list and index documents (exact contract fields, in order) from the dataset: the detail
// documents and the lists' entries take their fields from their schemas' shapes.
import { ATTRIBUTION, CODE_LICENSE, DATA_LICENSE, INCLUDED_DATASETS } from '../core/license.ts';
import { REGIONS, type Region } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import type { ChargerRow, VehicleRow } from '../data/tables.ts';
import { DERIVATION_VERSION } from '../derive/rules/index.ts';
import type { z } from 'zod';
import type { Charger, ChargerList, IndexInfo, Vehicle, VehicleList } from './schemas.ts';
import { API_VERSION, ChargerDocument, ChargerListDocument, VehicleDocument, VehicleListDocument } from './schemas.ts';
import { chargerId, vehicleId } from './ids.ts';

/**
 * A detail document: its schema's fields in order, `id` from the slug and every other field as the row holds it, so a
 * published field is a column of the table and a field of the schema, and nothing here. The documents are validated
 * against their strict schema before anything is written (a field the row lacks fails there).
 */
function detailDocument<S extends z.ZodObject>(schema: S, row: Omit<z.output<S>, 'id'>, id: string): z.output<S> {
  const values: Record<string, unknown> = { ...row, id };
  return Object.fromEntries(Object.keys(schema.shape).map((field) => [field, values[field]])) as z.output<S>;
}

export const vehicleDocument = (v: VehicleRow): Vehicle => detailDocument(VehicleDocument, v, vehicleId(v.slug));

export const chargerDocument = (c: ChargerRow): Charger => detailDocument(ChargerDocument, c, chargerId(c.slug));

/** A list entry: its schema's fields in order, `regions` as given and every other field as the row holds it. */
function listEntry<S extends z.ZodObject>(
  schema: z.ZodArray<S>,
  row: Omit<z.output<S>, 'regions'>,
  regions: Region[],
): z.output<S> {
  const values: Record<string, unknown> = { ...row, regions };
  return Object.fromEntries(Object.keys(schema.element.shape).map((field) => [field, values[field]])) as z.output<S>;
}

export function vehicleListDocument(data: Dataset): VehicleList {
  const entries = VehicleListDocument.shape.vehicles;
  return {
    count: data.vehicles.length,
    vehicles: data.vehicles.map((v) => listEntry(entries, v, regionsOf(data.vehicleRegions.get(v.slug)))),
  };
}

export function chargerListDocument(data: Dataset): ChargerList {
  const entries = ChargerListDocument.shape.chargers;
  return {
    count: data.chargers.length,
    chargers: data.chargers.map((c) => listEntry(entries, c, regionsOf(data.chargerConnectors.get(c.slug)))),
  };
}

/** The regions a resource is available in, in the published order. */
const regionsOf = (byRegion: ReadonlyMap<Region, unknown> | undefined): Region[] =>
  REGIONS.filter((region) => byRegion?.has(region));

/** How many edges the dataset has: every pairing of a vehicle and a charger available in the same region. */
export function edgeCount(data: Dataset): number {
  return REGIONS.reduce((total, region) => {
    let vehicles = 0;
    let chargers = 0;
    for (const regions of data.vehicleRegions.values()) if (regions.has(region)) vehicles += 1;
    for (const regions of data.chargerConnectors.values()) if (regions.has(region)) chargers += 1;
    return total + vehicles * chargers;
  }, 0);
}

export function indexDocument(data: Dataset, datasetVersion: string, edges: number): IndexInfo {
  return {
    apiVersion: API_VERSION,
    datasetVersion,
    derivationVersion: DERIVATION_VERSION,
    counts: { vehicles: data.vehicles.length, chargers: data.chargers.length, edges },
    license: {
      code: CODE_LICENSE.identifier,
      data: DATA_LICENSE.identifier,
      attribution: ATTRIBUTION,
      url: DATA_LICENSE.url,
      includes: includedDatasets(data),
    },
  };
}

/** The included datasets that some source of kind dataset belongs to (by the prefix of its id). */
function includedDatasets(data: Dataset): { name: string; license: string; url: string }[] {
  const prefixes = new Set<string>();
  for (const source of data.sources.values())
    if (source.kind === 'dataset')
      for (const d of INCLUDED_DATASETS) if (source.id.startsWith(d.sourcePrefix)) prefixes.add(d.sourcePrefix);
  return INCLUDED_DATASETS.filter((d) => prefixes.has(d.sourcePrefix)).map(({ name, license, url }) => ({
    name,
    license,
    url,
  }));
}
