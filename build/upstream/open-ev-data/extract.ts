// The extract of an OpenEV Data release, held in memory only (never written: the release is read where it is): the
// upstream fields the importer uses, per record with its layers merged, and the release's version.
import { z } from 'zod';
import { INCLUDED_DATASETS } from '../../core/license.ts';
import type { CompiledRecord } from './layers.ts';

const INCLUDED = INCLUDED_DATASETS.find((d) => d.name === 'OpenEV Data dataset')!;

/** The dataset as the extract and the citations name it (its licence by SPDX id). */
export const DATASET = { name: 'OpenEV Data', repository: INCLUDED.url, licence: INCLUDED.license } as const;

const slugName = z.object({ slug: z.string().min(1), name: z.string().min(1) });
const kw = z.number().positive();

/** The upstream fields the importer reads, as the merged record has them (upstream docs/SCHEMA.md). */
const upstreamRecord = z.object({
  make: slugName,
  model: slugName,
  year: z.int(),
  trim: slugName,
  variant: z.object({ name: z.string().min(1) }).optional(),
  vehicle_type: z.string(),
  markets: z.array(z.string()).default([]),
  charge_ports: z.array(z.object({ kind: z.string(), connector: z.string() })).min(1),
  battery: z.object({
    pack_capacity_kwh_gross: kw.optional(),
    pack_capacity_kwh_net: kw.optional(),
    pack_voltage_nominal_v: kw.optional(),
  }),
  charging: z.object({
    ac: z.object({ max_power_kw: kw, phases: z.int().min(1).max(3).optional() }).optional(),
    dc: z.object({ max_power_kw: kw, architecture_voltage_class: z.string().optional() }).optional(),
  }),
  v2x: z
    .object({
      v2l: z.object({ supported: z.boolean() }).optional(),
      v2h: z.object({ supported: z.boolean() }).optional(),
      v2g: z.object({ supported: z.boolean() }).optional(),
    })
    .optional(),
  range: z.object({ rated: z.array(z.object({ notes: z.string().optional() })) }),
  sources: z
    .array(z.object({ type: z.string(), title: z.string(), url: z.string(), accessed_at: z.string().optional() }))
    .min(1),
});

const nullableNumber = z.number().nullable();

/** One record of the extract. */
export const extractRecord = z.strictObject({
  path: z.string(),
  layers: z.array(z.string()).min(1),
  make: slugName,
  model: slugName,
  year: z.int(),
  trim: z.string(),
  variant: z.string().nullable(),
  /** The record's own file names no trim: the trim is its base's, and the variant names what sets it apart. */
  inherited_trim: z.boolean(),
  vehicle_type: z.string(),
  markets: z.array(z.string()),
  ports: z.array(z.strictObject({ kind: z.string(), connector: z.string() })),
  battery: z.strictObject({ gross: nullableNumber, net: nullableNumber, nominal_v: nullableNumber }),
  ac: z.strictObject({ max_kw: z.number(), phases: nullableNumber }).nullable(),
  dc: z.strictObject({ max_kw: z.number(), voltage_class: z.string().nullable() }).nullable(),
  v2x: z.array(z.enum(['V2L', 'V2H', 'V2G'])),
  rated_range_notes: z.array(z.string()),
  sources: z.array(
    z.strictObject({ type: z.string(), title: z.string(), url: z.string(), accessed_at: z.string().nullable() }),
  ),
});
export type ExtractRecord = z.output<typeof extractRecord>;

export const extractFile = z.strictObject({
  dataset: z.literal(DATASET.name),
  repository: z.literal(DATASET.repository),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  licence: z.literal(DATASET.licence),
  records: z.array(extractRecord),
});
export type Extract = z.output<typeof extractFile>;

/** The extract's record of one compiled upstream record, or the reason it cannot be read. */
export function toExtractRecord(compiled: CompiledRecord): ExtractRecord | { path: string; error: string } {
  const parsed = upstreamRecord.safeParse(compiled.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { path: compiled.path, error: `${issue.path.join('.') || 'record'}: ${issue.message}` };
  }
  const r = parsed.data;
  const { ac, dc } = r.charging;
  return {
    path: compiled.path,
    layers: compiled.layers,
    make: r.make,
    model: r.model,
    year: r.year,
    trim: r.trim.name,
    variant: r.variant?.name ?? null,
    inherited_trim: r.variant !== undefined && !compiled.ownKeys.includes('trim'),
    vehicle_type: r.vehicle_type,
    markets: r.markets,
    ports: r.charge_ports.map(({ kind, connector }) => ({ kind, connector })),
    battery: {
      gross: r.battery.pack_capacity_kwh_gross ?? null,
      net: r.battery.pack_capacity_kwh_net ?? null,
      nominal_v: r.battery.pack_voltage_nominal_v ?? null,
    },
    ac: ac ? { max_kw: ac.max_power_kw, phases: ac.phases ?? null } : null,
    dc: dc ? { max_kw: dc.max_power_kw, voltage_class: dc.architecture_voltage_class ?? null } : null,
    v2x: (['V2L', 'V2H', 'V2G'] as const).filter((mode) => r.v2x?.[mode.toLowerCase() as 'v2l']?.supported === true),
    rated_range_notes: r.range.rated.flatMap((rated) => (rated.notes ? [rated.notes] : [])),
    sources: r.sources.map((s) => ({ type: s.type, title: s.title, url: s.url, accessed_at: s.accessed_at ?? null })),
  };
}
