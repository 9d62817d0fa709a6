// The network documents (extension): the list of charging networks, one network with the charger models it runs per
// region, and what each network in a region gives one vehicle (the best and the worst answer among its models).
import { z } from 'zod';
import { REGIONS, REGION_ORDER_TEXT } from '../core/regions.ts';
import { ADMITTED, NETWORK_ACCESS, SLUG_MAX_LENGTH, SLUG_PATTERN, STATES } from '../core/vocabulary.ts';
import { SourceDocument } from './source-schema.ts';

const slug = z.string().regex(SLUG_PATTERN).max(SLUG_MAX_LENGTH);
const sources = (what: string) => z.array(SourceDocument).describe(`The sources that ${what}.`);

export const NetworkListDocument = z
  .strictObject({
    count: z.int().min(0).describe('Number of networks listed.'),
    networks: z
      .array(
        z.strictObject({
          slug: slug.describe('Network slug.'),
          name: z.string().describe('The brand name as drivers know it.'),
          regions: z
            .array(z.enum(REGIONS))
            .describe(`The regions the network operates in, in the order ${REGION_ORDER_TEXT}.`),
          url: z.string().describe('Its document: /api/v1/networks/{slug}.'),
        }),
      )
      .describe('Networks sorted by slug (with region, only those operating there).'),
  })
  .describe('Extension: every charging network, or those operating in one region.');

export const NetworkModel = z.strictObject({
  charger: slug.describe('Charger slug (the model the network runs there).'),
  name: z.string().describe('The model as drivers read it: brand and model name.'),
  brand: z.string().describe("The charger's brand."),
  url: z.string().describe('Its document: /api/v1/chargers/{slug}.'),
  sources: sources('show the network runs this model there'),
  note: z.string().nullable().describe('Which sites, how many units, or null.'),
});

export const NetworkDocument = z
  .strictObject({
    slug: slug.describe('Network slug.'),
    name: z.string().describe('The brand name as drivers know it.'),
    note: z.string().nullable().describe('A note on the network, or null.'),
    sources: sources('show the network exists under this name'),
    regions: z
      .array(
        z.strictObject({
          region: z.enum(REGIONS).describe('Region.'),
          dc_sites: z
            .int()
            .min(0)
            .nullable()
            .describe('DC sites the network runs there, as a source gives it, or null.'),
          dc_sites_as_of: z.iso.date().nullable().describe('The day dc_sites describes, or null.'),
          dc_sites_sources: sources('give dc_sites (empty when it is null)'),
          access: z
            .enum(NETWORK_ACCESS)
            .describe(
              'open: any EV; partly-open: some sites or units admit other brands; brand-only: only access_brands.',
            ),
          access_brands: z.array(z.string()).describe('The vehicle brands admitted everywhere (empty when open).'),
          access_sources: sources('state the access terms'),
          models: z.array(NetworkModel).describe('The charger models the network runs there, by charger slug.'),
          hardware_known: z.boolean().describe('Whether a source names at least one model the network runs there.'),
          hardware_note: z
            .string()
            .nullable()
            .describe('When hardware_known is false, a sentence saying so; null otherwise.'),
        }),
      )
      .describe(`The regions the network operates in, in the order ${REGION_ORDER_TEXT}.`),
  })
  .describe('Extension: a charging network, its access terms and the charger models it runs, per region.');

export const NetworkAnswer = z
  .strictObject({
    charger: slug.describe('The charger model giving this answer.'),
    name: z.string().describe('The model as drivers read it.'),
    state: z.enum(STATES).describe("The edge's state."),
    kw: z.number().min(0).describe("The edge's kW."),
    confidence: z.number().min(0).max(1).describe("The edge's confidence."),
    url: z.string().describe('The edge it comes from: /api/v1/compatibility/{vehicle}/{charger}?region=R.'),
  })
  .describe('One edge of the vehicle with a model the network runs.');

export const VehicleNetworksDocument = z
  .strictObject({
    slug: slug.describe('Vehicle slug.'),
    region: z.enum(REGIONS).describe('The region answered for.'),
    networks: z
      .array(
        z.strictObject({
          network: slug.describe('Network slug.'),
          name: z.string().describe('The brand name as drivers know it.'),
          url: z.string().describe('The network document: /api/v1/networks/{slug}.'),
          access: z.enum(NETWORK_ACCESS).describe('The access terms there.'),
          access_brands: z.array(z.string()).describe('The brands admitted everywhere (empty when open).'),
          admitted: z
            .enum(ADMITTED)
            .describe(
              "Whether the vehicle's brand is admitted: yes (open, or a brand named), some-sites (partly open, brand " +
                'not named), no (brand-only, brand not named).',
            ),
          best: NetworkAnswer.nullable().describe(
            "The best answer among the network's models there (state order ok, limited, adp, unk, no; then kW, " +
              'confidence, charger slug); null when no model is on record.',
          ),
          worst: NetworkAnswer.nullable().describe(
            'The worst answer by the same order; null when no model is on record.',
          ),
          summary: z.string().describe('One sentence a driver can read.'),
        }),
      )
      .describe('Every network operating in the region, by network slug.'),
  })
  .describe(
    'Extension: what each charging network of a region gives the vehicle, from the edges of the models it runs there.',
  );

export type NetworkList = z.infer<typeof NetworkListDocument>;
export type NetworkInfo = z.infer<typeof NetworkDocument>;
export type VehicleNetworks = z.infer<typeof VehicleNetworksDocument>;
export type NetworkAnswerInfo = z.infer<typeof NetworkAnswer>;
