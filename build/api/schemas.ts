// The published documents of /api/v1 as zod schemas: the one definition of every response shape (types come from here).
import { z } from 'zod';
import { REGIONS, REGION_ORDER_TEXT } from '../core/regions.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../core/vocabulary.ts';
import { BIDIRECTIONAL_MODES, CURRENT_KINDS, STATES } from '../core/vocabulary.ts';
import { ERROR_STATUS, type ErrorCode } from '../core/errors.ts';
import { ATTRIBUTION, CODE_LICENSE, DATA_LICENSE } from '../core/license.ts';
import { ExplainDocument, WantedDocument } from './explain-schemas.ts';
import { SourceDocument } from './source-schema.ts';
import { NetworkDocument, NetworkListDocument, VehicleNetworksDocument } from './network-schemas.ts';
import { ChangesListDocument, ExportDocument, MirrorDocument, ReleaseChangesDocument } from './feed-schemas.ts';

export const API_VERSION = '1.0.0';

const slug = z.string().regex(SLUG_PATTERN).max(SLUG_MAX_LENGTH);
/** A calendar date, YYYY-MM-DD (a real day: 2026-02-30 is refused). */
const date = z.iso.date();

export const VehicleDocument = z
  .strictObject({
    id: z.uuid().describe('Stable UUID of the vehicle variant.'),
    slug: slug.describe('Vehicle slug.'),
    brand: z.string().describe('Brand.'),
    family: z.string().describe('Model name.'),
    trim: z.string().nullable().describe('Trim or variant, or null.'),
    model_year: z.int().describe('Model year.'),
    max_dc_kw_oem: z.number().nullable().describe('Manufacturer maximum DC power, kW.'),
    max_ac_kw_oem: z.number().nullable().describe('Manufacturer maximum AC power, kW.'),
    battery_kwh_usable: z.number().nullable().describe('Usable battery capacity, kWh.'),
    architecture_voltage_v: z.int().nullable().describe('Nominal pack voltage, V.'),
    bidirectional: z
      .array(z.enum(BIDIRECTIONAL_MODES))
      .describe('Bidirectional modes offered, in the order V2L, V2H, V2G.'),
  })
  .describe('Vehicle detail.');

export const ChargerDocument = z
  .strictObject({
    id: z.uuid().describe('Stable UUID of the charger model.'),
    slug: slug.describe('Charger slug.'),
    brand: z.string().describe('Brand.'),
    nominal_max_kw: z.number().positive().describe('Nominal maximum output, kW.'),
    current_kind: z.enum(CURRENT_KINDS).describe('AC or DC.'),
    output_voltage_min_v: z.number().nullable().describe('Lowest DC output voltage, V, or null.'),
    output_voltage_max_v: z.number().nullable().describe('Highest DC output voltage, V, or null.'),
  })
  .describe('Charger detail.');

export { SourceDocument };

export const EdgeDocument = z
  .strictObject({
    vehicle: slug.describe('Vehicle slug.'),
    charger: slug.describe('Charger slug.'),
    region: z.enum(REGIONS).describe('Region.'),
    kw: z
      .number()
      .min(0)
      .describe(
        'Expected peak power of the pairing, kW: the smallest of the caps on record for the chosen path (vehicle, outlet, ' +
          'adapter, boost, current × voltage, supply), never above any of them. 0 when state is no or unk, and 0 when ' +
          "the vehicle's own maximum for that current is not on record: it charges, its power is not known (the " +
          "charger's figure never stands in for the car's). /api/v1/vehicles/{slug}/explain says why.",
      ),
    state: z
      .enum(STATES)
      .describe(
        'ok (charges directly, no charger-side cap on record binds), limited (a charger-side cap on record binds below ' +
          "the vehicle's own maximum), adp (charges only through an adapter), no (a known limit rules out every path), " +
          'unk (whether it charges is not known: a fact that could rule out every usable path is not on record).',
      ),
    confidence: z.number().min(0).max(1).describe('Confidence, 0 to 1.'),
    protocols: z.array(z.string()).describe('Protocols both sides share for this pairing, sorted.'),
    adapterRequired: z.boolean().describe('True exactly when state is adp.'),
    edgeVersion: z.int().min(1).describe('Goes up by one each time the published content of the edge changes.'),
    derivationVersion: z.string().describe('Version of the rule set that produced the edge.'),
    createdAt: date.nullable().describe('Date the edge was first published, or null.'),
    sources: z.array(SourceDocument).describe('Sources behind the edge, sorted by id.'),
  })
  .describe('Compatibility edge.');

export const VehicleCompatibilityDocument = z
  .strictObject({
    slug: slug.describe('Vehicle slug.'),
    chargers: z.array(EdgeDocument).describe('Every edge of the vehicle, by charger slug then region.'),
  })
  .describe('Chargers for a vehicle.');

export const ChargerCompatibilityDocument = z
  .strictObject({
    slug: slug.describe('Charger slug.'),
    vehicles: z.array(EdgeDocument).describe('Every edge of the charger, by vehicle slug then region.'),
  })
  .describe('Vehicles for a charger.');

export const ErrorDocument = z
  .strictObject({ error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).describe('Error code.') })
  .describe('Error.');

export const IndexDocument = z
  .strictObject({
    apiVersion: z.literal(API_VERSION).describe('Version of the interface description.'),
    datasetVersion: z.string().describe('Version of the dataset release.'),
    derivationVersion: z.string().describe('Version of the rule set that derived the edges.'),
    counts: z
      .strictObject({
        vehicles: z.int().min(0).describe('Vehicle variants.'),
        chargers: z.int().min(0).describe('Charger models.'),
        edges: z.int().min(0).describe('Compatibility edges, all regions.'),
      })
      .describe('How many resources the dataset publishes.'),
    license: z
      .strictObject({
        code: z.literal(CODE_LICENSE.identifier).describe('SPDX identifier of the code licence.'),
        data: z.literal(DATA_LICENSE.identifier).describe('SPDX identifier of the data licence.'),
        attribution: z.literal(ATTRIBUTION).describe('How to credit the data.'),
        url: z.literal(DATA_LICENSE.url).describe('The data licence.'),
        includes: z
          .array(
            z.strictObject({
              name: z.string().describe('Name of the dataset.'),
              license: z.string().describe('SPDX identifier of its licence (data/LICENSE links its text).'),
              url: z.string().describe('Where the dataset is published.'),
            }),
          )
          .describe(
            'Open datasets whose records the data includes (cited in edges as sources of kind dataset), with their licences; empty when none.',
          ),
      })
      .describe('Extension (v1.1): the licences of the code and the data.'),
  })
  .describe('Extension: the API and dataset versions, counts and licences.');

export const VehicleListDocument = z
  .strictObject({
    count: z.int().min(0).describe('Number of vehicles.'),
    vehicles: z
      .array(
        z.strictObject({
          slug: slug.describe('Vehicle slug.'),
          brand: z.string().describe('Brand.'),
          family: z.string().describe('Model name.'),
          trim: z.string().nullable().describe('Trim or variant, or null.'),
          model_year: z.int().describe('Model year.'),
          regions: z
            .array(z.enum(REGIONS))
            .describe(`Extension: the regions the variant is on sale in, in the order ${REGION_ORDER_TEXT}.`),
        }),
      )
      .describe('Vehicles sorted by slug.'),
  })
  .describe('Extension: every vehicle, sorted by slug.');

export const ChargerListDocument = z
  .strictObject({
    count: z.int().min(0).describe('Number of charger models.'),
    chargers: z
      .array(
        z.strictObject({
          slug: slug.describe('Charger slug.'),
          brand: z.string().describe('Brand.'),
          model: z.string().describe('Extension: the model name as the maker writes it, e.g. "Supercharger V3".'),
          current_kind: z.enum(CURRENT_KINDS).describe('AC or DC.'),
          nominal_max_kw: z.number().positive().describe('Nominal maximum output, kW.'),
          regions: z
            .array(z.enum(REGIONS))
            .describe(`Extension: the regions the model is installed in, in the order ${REGION_ORDER_TEXT}.`),
        }),
      )
      .describe('Charger models sorted by slug.'),
  })
  .describe('Extension: every charger model, sorted by slug.');

export type Vehicle = z.infer<typeof VehicleDocument>;
export type Charger = z.infer<typeof ChargerDocument>;
export type Source = z.infer<typeof SourceDocument>;
export type Edge = z.infer<typeof EdgeDocument>;
export type VehicleCompatibility = z.infer<typeof VehicleCompatibilityDocument>;
export type ChargerCompatibility = z.infer<typeof ChargerCompatibilityDocument>;
export type IndexInfo = z.infer<typeof IndexDocument>;
export type VehicleList = z.infer<typeof VehicleListDocument>;
export type ChargerList = z.infer<typeof ChargerListDocument>;
export type ChangesList = z.infer<typeof ChangesListDocument>;
export type ReleaseChanges = z.infer<typeof ReleaseChangesDocument>;
export type MirrorInfo = z.infer<typeof MirrorDocument>;
export type ExportInfo = z.infer<typeof ExportDocument>;

/** Every published document kind, by the name of its JSON Schema file under /api/v1/schemas/. */
export const PUBLISHED_DOCUMENTS = {
  vehicle: VehicleDocument,
  charger: ChargerDocument,
  edge: EdgeDocument,
  source: SourceDocument,
  'vehicle-compatibility': VehicleCompatibilityDocument,
  'charger-compatibility': ChargerCompatibilityDocument,
  error: ErrorDocument,
  index: IndexDocument,
  'vehicle-list': VehicleListDocument,
  'charger-list': ChargerListDocument,
  changes: ChangesListDocument,
  'release-changes': ReleaseChangesDocument,
  mirror: MirrorDocument,
  explain: ExplainDocument,
  wanted: WantedDocument,
  'network-list': NetworkListDocument,
  network: NetworkDocument,
  'vehicle-networks': VehicleNetworksDocument,
} as const;

export type DocumentKind = keyof typeof PUBLISHED_DOCUMENTS;
