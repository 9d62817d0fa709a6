// The maintainers' decisions for the OpenEV Data import (data/imports/open-ev-data/mapping.yaml): brand and family
// spellings, the sourced North American inlet rules, and per record which of our variants it is or why it is skipped.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { REGIONS, type Region } from '../../core/regions.ts';
import { homeMarket } from '../../core/slugs.ts';
import { IMPORTED_FIGURES, VARIANT_FIELDS } from './ownership.ts';

const naInletRule = z.strictObject({
  brands: z.array(z.string()).min(1),
  /** Only these families of the brands; all when absent. */
  families: z.array(z.string()).optional(),
  /** Model years covered, both ends included; open-ended when absent. */
  years: z.strictObject({ from: z.int().optional(), to: z.int().optional() }).optional(),
  ac_inlet: z.string(),
  dc_inlet: z.string(),
  /** Sources (data/sources.yaml) that show these inlets for these cars: the region rows cite them. */
  source: z.array(z.string()).min(1),
});
export type NaInletRule = z.output<typeof naInletRule>;

const decision = z
  .strictObject({
    record: z.string().regex(/^src\/.+\.json$/),
    /** The home market the decision is about; with `vehicle`, the slug's own; absent with `skip`: every market. */
    market: z.enum(REGIONS).optional(),
    /** An existing variant (data/vehicles.csv) the record describes; several decisions may name several. */
    vehicle: z.string().optional(),
    /** Why the record is not imported. */
    skip: z.string().optional(),
    /** The record is a variant of its own, though the family has variants of ours that year: create it. */
    create: z.literal(true).optional(),
  })
  .refine(
    (d) => [d.vehicle, d.skip, d.create].filter((x) => x !== undefined).length === 1,
    'needs exactly one of vehicle, skip and create',
  );
export type Decision = z.output<typeof decision>;

/** The figures of a record the import can withhold (offer.ts names them so): those it offers, and the variant's fields. */
export const WITHHOLDABLE = [...IMPORTED_FIGURES, ...VARIANT_FIELDS] as const;

const withholding = z.strictObject({
  /** The records (every model year's file that repeats the fault). */
  records: z.array(z.string().regex(/^src\/.+\.json$/)).min(1),
  fields: z.array(z.enum(WITHHOLDABLE)).min(1),
  /** What the figure gets wrong, as the sources show it. */
  why: z.string().min(1),
  /** Sources (data/sources.yaml) that show the record's figure is not this car's. */
  source: z.array(z.string()).min(1),
});
export type Withholding = z.output<typeof withholding>;

const mappingFile = z.strictObject({
  /** Upstream make slug → the brand as vehicles.csv spells it. */
  brands: z.record(z.string(), z.string()).default({}),
  /** Upstream "make/model" slugs → the family as vehicles.csv spells it. */
  families: z.record(z.string(), z.string()).default({}),
  na_inlets: z.array(naInletRule).default([]),
  decisions: z.array(decision).default([]),
  /** Figures of a record that are not offered to any row: a fault no rule detects, confirmed by a source. */
  withhold: z.array(withholding).default([]),
});
export type Mapping = z.output<typeof mappingFile>;

export function parseMapping(text: string, file: string): Mapping {
  const parsed = mappingFile.safeParse(parseYaml(text) ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export const readMapping = (file: string): Mapping => parseMapping(readFileSync(file, 'utf8'), file);

/** The market a decision is about: its own, the slug's, or every market (null) for a skip without one. */
export function decisionMarket(d: Decision, brand: string): Region | null {
  if (d.market) return d.market;
  return d.vehicle ? homeMarket(d.vehicle, brand) : null;
}

/** The first North American inlet rule covering a car, or undefined (no sourced rule: no NA row). */
export function naInlets(rules: readonly NaInletRule[], brand: string, family: string, year: number) {
  return rules.find(
    (rule) =>
      rule.brands.includes(brand) &&
      (rule.families === undefined || rule.families.includes(family)) &&
      (rule.years?.from === undefined || year >= rule.years.from) &&
      (rule.years?.to === undefined || year <= rule.years.to),
  );
}
