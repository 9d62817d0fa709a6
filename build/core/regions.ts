// The regions the API serves: the one list that types, sort orders, enums, documents and the request policy derive
// from. Adding a region is one entry here plus its data: netlify.toml's rules take the region through a placeholder.

/** The charging standards a region's cars are built to, in the order the importer groups a record's variants by. */
export const INLET_STANDARDS = ['iec', 'sae'] as const;

/**
 * What the importer (build/upstream/) and the derivation know of a region, nowhere else:
 * - `singlePhaseMaxA`: the most current one phase of the region's AC charging supply carries (32 A on a 230 V Type 2
 *   single-phase supply, IEC 61851-1 / IEC 62196-2 as used in Europe, Great Britain and Türkiye; 80 A on a 240 V SAE
 *   J1772 Level 2 supply in North America): an on-board charger above it × the phase voltage is not single-phase.
 * - `countries`: the ISO 3166-1 codes of its countries (the EU region is one type-approval market: the EU, the EEA and
 *   Switzerland); an imported record that lists one is on sale in the region.
 * - `inlets`: the standard its cars' inlets follow: `iec` (IEC 62196-2 Type 2 AC, CCS Combo 2 DC) or `sae` (SAE J1772
 *   or J3400 AC, CCS Combo 1 or J3400 DC, which differ by maker and year).
 * - `suffixlessBrands`: brands sold only in this region, whose vehicle slugs may leave the market suffix out.
 */
export const REGION_TABLE = [
  {
    id: 'EU',
    name: 'European Union',
    acPhaseVoltage: 230,
    singlePhaseMaxA: 32,
    countries: 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH'.split(
      ' ',
    ),
    inlets: 'iec',
    suffixlessBrands: [],
  },
  {
    id: 'TR',
    name: 'Türkiye',
    acPhaseVoltage: 230,
    singlePhaseMaxA: 32,
    countries: ['TR'],
    inlets: 'iec',
    suffixlessBrands: ['Togg'],
  },
  {
    id: 'NA',
    name: 'North America',
    acPhaseVoltage: 240,
    singlePhaseMaxA: 80,
    countries: ['US', 'CA'],
    inlets: 'sae',
    suffixlessBrands: [],
  },
  {
    id: 'GB',
    name: 'Great Britain',
    acPhaseVoltage: 230,
    singlePhaseMaxA: 32,
    countries: ['GB'],
    inlets: 'iec',
    suffixlessBrands: [],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  acPhaseVoltage: number;
  singlePhaseMaxA: number;
  countries: readonly string[];
  inlets: InletStandard;
  suffixlessBrands: readonly string[];
}[];

export type InletStandard = (typeof INLET_STANDARDS)[number];

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

const entryOf = (region: Region) => REGION_TABLE.find((r) => r.id === region)!;

/** Nominal AC phase voltage of the region's grid (230 V in Europe and Türkiye, 240 V split-phase in North America). */
export const acPhaseVoltage = (region: Region): number => entryOf(region).acPhaseVoltage;

/** The most power one phase of the region's AC charging supply delivers, in kW (7.4 in 230 V markets). */
export const singlePhaseMaxKw = (region: Region): number => {
  const entry = entryOf(region);
  return Math.round((entry.singlePhaseMaxA * entry.acPhaseVoltage) / 100) / 10;
};

/** The standard the region's cars' inlets follow. */
export const inletStandard = (region: Region): InletStandard => entryOf(region).inlets;

/** The region's countries (ISO 3166-1 codes). */
export const countriesOf = (region: Region): readonly string[] => entryOf(region).countries;

/** The region's name ("North America"). */
export const regionName = (region: Region): string => entryOf(region).name;
