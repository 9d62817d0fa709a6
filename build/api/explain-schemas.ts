// The reasoning documents (extensions, contract §7): a vehicle's explain document and the wanted list of figures.
import { z } from 'zod';
import { REGIONS } from '../core/regions.ts';
import { CURRENT_KINDS, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../core/vocabulary.ts';

const slug = z.string().regex(SLUG_PATTERN).max(SLUG_MAX_LENGTH);
const CAP_KINDS = ['vehicle', 'outlet', 'unit', 'adapter', 'boost', 'current', 'supply', 'phases'] as const;
const FIGURE_FILES = ['vehicles.csv', 'chargers.csv', 'charger_connectors.csv', 'adapters.yaml'] as const;

const figureFields = {
  file: z.enum(FIGURE_FILES).describe('The file of data/ that holds (or would hold) the figure.'),
  row: z
    .string()
    .describe("The row: a vehicle's or charger's slug; an outlet as charger, region and connector, space-separated."),
  column: z.string().describe('The column of the figure.'),
};

export const ExplainEdge = z
  .strictObject({
    charger: slug.describe('Charger slug.'),
    region: z.enum(REGIONS).describe('Region.'),
    path: z
      .strictObject({
        current: z.enum(CURRENT_KINDS).describe('AC or DC.'),
        connector: z.string().describe("The charger's connector (data/connectors.yaml id)."),
        inlet: z.string().describe("The vehicle's inlet it meets."),
        adapter: z.string().nullable().describe('The adapter programme (data/adapters.yaml id), or null.'),
      })
      .nullable()
      .describe('The way the pairing connects; null when no outlet meets an inlet.'),
    caps: z
      .array(
        z.strictObject({
          cap: z
            .enum(CAP_KINDS)
            .describe(
              "What caps the power: vehicle (the car's own maximum for the current), outlet, unit (the whole unit's " +
                'nominal, where the outlet has no figure of its own), adapter, boost, current (outlet current × ' +
                "voltage), supply (the AC supply's phases × current), phases (what the car's phases draw from it).",
            ),
          kw: z.number().min(0).describe('The cap, kW.'),
          sources: z.array(z.string()).describe('Ids of the sources behind the figures of this cap (sorted).'),
        }),
      )
      .describe('Every cap on record for the chosen path (empty when the edge is no or unk). kw is the smallest.'),
    missing: z
      .array(
        z.strictObject({
          ...figureFields,
          decides: z
            .enum(['state', 'power'])
            .describe(
              'state: some of its values would rule the path out (it makes the edge unk); power: only the power.',
            ),
          why: z.string().describe('Why it matters here.'),
          kwMin: z.number().min(0).nullable().describe('The least power it leaves open, kW (null: not bounded).'),
          kwMax: z.number().min(0).nullable().describe('The most power it leaves open, kW (null: not bounded).'),
        }),
      )
      .describe('Figures not on record that the answer rests on.'),
    decidedBy: z.string().describe('The rule that decided the state (see data/README.md).'),
  })
  .describe("The reasoning behind one of the vehicle's edges.");

export const ExplainDocument = z
  .strictObject({
    slug: slug.describe('Vehicle slug.'),
    edges: z.array(ExplainEdge).describe('One entry per edge, in the order of the vehicle compatibility list.'),
  })
  .describe('Extension (v1.3): why each edge of a vehicle says what it says.');

const byRegion = z.strictObject(
  Object.fromEntries(REGIONS.map((r) => [r, z.int().min(0).describe(`Edges in ${r}.`)])) as Record<
    (typeof REGIONS)[number],
    z.ZodInt
  >,
);

export const WantedDocument = z
  .strictObject({
    count: z.int().min(0).describe('Number of figures listed.'),
    figures: z
      .array(
        z.strictObject({
          ...figureFields,
          edges: z.int().min(1).describe('Edges it would settle or sharpen, every region.'),
          settles: byRegion.describe('Edges per region that are unk for want of it (or of it and others).'),
          sharpens: byRegion.describe('Edges per region whose power rests on it.'),
        }),
      )
      .describe('Most useful first: by edges, then file, row and column.'),
  })
  .describe('Extension (v1.3): the figures not on record, ranked by the edges each would settle or sharpen.');

export type Explain = z.infer<typeof ExplainDocument>;
export type ExplainEntry = z.infer<typeof ExplainEdge>;
export type Wanted = z.infer<typeof WantedDocument>;
