// The regions the API serves: the one list that types, sort orders, enums, documents and the request policy derive
// from. Adding a region is one entry here plus its data: netlify.toml's rules take the region through a placeholder.

/**
 * `singlePhaseMaxA`: the most current one phase of the region's AC charging supply carries (32 A on a 230 V Type 2
 * single-phase supply, IEC 61851-1 / IEC 62196-2 as used in Europe, Great Britain and Türkiye; 80 A on a 240 V SAE
 * J1772 Level 2 supply in North America): an on-board charger above it × the phase voltage is not single-phase.
 */
export const REGION_TABLE = [
  { id: 'EU', name: 'European Union', acPhaseVoltage: 230, singlePhaseMaxA: 32 },
  { id: 'TR', name: 'Türkiye', acPhaseVoltage: 230, singlePhaseMaxA: 32 },
  { id: 'NA', name: 'North America', acPhaseVoltage: 240, singlePhaseMaxA: 80 },
  { id: 'GB', name: 'Great Britain', acPhaseVoltage: 230, singlePhaseMaxA: 32 },
] as const satisfies readonly { id: string; name: string; acPhaseVoltage: number; singlePhaseMaxA: number }[];

export type Region = (typeof REGION_TABLE)[number]['id'];

/** Region ids in the published order (lists sort by it; the first is the default of `?region=`). */
export const REGIONS = REGION_TABLE.map((region) => region.id) as unknown as readonly [Region, ...Region[]];

/** The region an edge request without `?region=` answers for. */
export const DEFAULT_REGION: Region = REGIONS[0];

/** "EU, TR, NA, GB": the order, as prose and docs write it. */
export const REGION_ORDER_TEXT = REGIONS.join(', ');

export const isRegion = (value: string): value is Region => (REGIONS as readonly string[]).includes(value);

/** Position of a region in the published order, or REGIONS.length for an unknown value (sorts last). */
export const regionRank = (value: string): number => {
  const index = (REGIONS as readonly string[]).indexOf(value);
  return index === -1 ? REGIONS.length : index;
};

/** Nominal AC phase voltage of the region's grid (230 V in Europe and Türkiye, 240 V split-phase in North America). */
export const acPhaseVoltage = (region: Region): number => REGION_TABLE.find((r) => r.id === region)!.acPhaseVoltage;

/** The most power one phase of the region's AC charging supply delivers, in kW (7.4 in 230 V markets). */
export const singlePhaseMaxKw = (region: Region): number => {
  const entry = REGION_TABLE.find((r) => r.id === region)!;
  return Math.round((entry.singlePhaseMaxA * entry.acPhaseVoltage) / 100) / 10;
};
