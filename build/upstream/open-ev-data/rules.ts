// The importer's rules for OpenEV Data records: which records are battery-electric cars, which of our regions a record
// is on sale in, and which of its figures hold for which market. Each known upstream fault class has its rule here.
import {
  countriesOf,
  INLET_STANDARDS,
  inletStandard,
  REGION_TABLE,
  REGIONS,
  singlePhaseMaxKw,
  type InletStandard,
  type Region,
} from '../../core/regions.ts';
import type { ExtractRecord } from './extract.ts';

/** The countries of every region (build/core/regions.ts), as ISO codes. */
const OUR_COUNTRIES = new Set(REGION_TABLE.flatMap((region) => region.countries));

/** The countries of the regions whose cars' inlets follow `standard`. */
const countriesOfStandard = (standard: InletStandard): ReadonlySet<string> =>
  new Set(REGIONS.filter((region) => inletStandard(region) === standard).flatMap(countriesOf));

/** Why a record is not imported at all, or null when it is a battery-electric car. */
export function notABatteryElectricCar(record: ExtractRecord): string | null {
  // Upstream lists plug-in hybrids among its cars; their rated range is an electric-only range.
  if (record.rated_range_notes.some((note) => /electric-only range/i.test(note)) || /(^|_)phev(_|$)/.test(record.path))
    return 'a plug-in hybrid (its rated range is an electric-only range)';
  if (record.vehicle_type === 'other') return 'not a car (vehicle type "other": a light quadricycle)';
  return null;
}

/** The standard a record's inlets were written for (IEC: Europe's; SAE: North America's), or null (GB/T: China). */
export type PortSide = InletStandard;

/** Upstream's connector names, as its schema spells them and as its records do (type1, type2). */
const NORTH_AMERICAN_PORTS = new Set(['ccs1', 'nacs', 'type_1', 'type1']);
const EUROPEAN_PORTS = new Set(['ccs2', 'type_2', 'type2', 'tesla_type_2']);

export function portSide(record: ExtractRecord): PortSide | null {
  const connectors = record.ports.map((port) => port.connector);
  if (connectors.some((c) => NORTH_AMERICAN_PORTS.has(c))) return 'sae';
  if (connectors.some((c) => EUROPEAN_PORTS.has(c))) return 'iec';
  return null;
}

/** The record can charge on DC: a DC figure and a DC-capable inlet (combined or DC-only). */
export const hasDc = (record: ExtractRecord): boolean =>
  record.dc !== null && record.ports.some((port) => port.kind !== 'ac_only');

/** A record's DC inlet is CHAdeMO (a separate inlet on every market, unlike the CCS and NACS flavours). */
export const chademoInlet = (record: ExtractRecord): boolean =>
  record.ports.some((port) => port.connector === 'chademo');

/**
 * The standards whose regions' markets upstream copies onto other records: it lists the US for cars only sold in
 * Europe (the VW ID.3, the Peugeot e-208), so a country of an SAE region counts only for a record written for SAE inlets.
 */
const MARKETS_NEED_INLETS: ReadonlySet<InletStandard> = new Set(['sae']);

/**
 * Which of our regions a record is on sale in, in the regions' order: those with a country the record lists (a record
 * whose inlets follow another standard is no evidence of a sale where MARKETS_NEED_INLETS says so).
 */
export function saleRegions(record: ExtractRecord): Region[] {
  const markets = new Set(record.markets);
  const side = portSide(record);
  return REGIONS.filter(
    (region) =>
      countriesOf(region).some((country) => markets.has(country)) &&
      (!MARKETS_NEED_INLETS.has(inletStandard(region)) || side === inletStandard(region)),
  );
}

/**
 * The variants a record gives, one per inlet standard of its regions (a European one for its EU, GB and TR rows, a
 * North American one), in the order of INLET_STANDARDS.
 */
export interface MarketGroup {
  /** The market the slug names: the group's first region in the regions' order (EU, or TR or GB when the record is sold in Europe only there; NA). */
  market: Region;
  regions: Region[];
}

export function marketGroups(record: ExtractRecord): MarketGroup[] {
  const regions = saleRegions(record);
  return INLET_STANDARDS.map((standard) => regions.filter((region) => inletStandard(region) === standard))
    .filter((group) => group.length > 0)
    .map((group) => ({ market: group[0]!, regions: group }));
}

/** A figure and, where the record's value was not taken, why. */
export interface Taken<T> {
  value: T | null;
  why?: string;
}

/**
 * The usable capacity. Upstream mislabels usable and gross for some makers (BYD, Nissan, XPeng, Land Rover … give one
 * figure as both), so the usable figure is taken only when the record tells it apart from a larger gross one.
 */
export function usableCapacity(record: ExtractRecord): Taken<number> {
  const { gross, net } = record.battery;
  if (net === null) return { value: null };
  if (gross === null)
    return {
      value: null,
      why: `usable capacity left empty: the record gives no gross capacity to tell ${net} kWh from`,
    };
  if (net === gross)
    return { value: null, why: `usable capacity left empty: the record gives ${net} kWh as both gross and usable` };
  if (net > gross)
    return {
      value: null,
      why: `usable capacity left empty: the record's usable ${net} kWh exceeds its gross ${gross} kWh`,
    };
  return { value: net };
}

/**
 * The pack voltage for architecture_voltage_v: the record's nominal voltage, else its architecture class as the class
 * value (400 for "400v", 800 for "800v"), which is all the DC rule compares with a charger's output limits (500 V,
 * 920 V, 1000 V in our data). "other" or nothing: empty.
 */
export function packVoltage(record: ExtractRecord): Taken<number> {
  const nominal = record.battery.nominal_v;
  // A "nominal" of exactly 400 or 800 V is the class's name (upstream writes it next to the same class), not a measure.
  if (nominal !== null && nominal >= 200 && nominal <= 1000 && nominal !== 400 && nominal !== 800)
    return { value: Math.round(nominal) };
  const byClass: Record<string, number> = { '400v': 400, '800v': 800 };
  const value = byClass[record.dc?.voltage_class ?? ''];
  return value === undefined
    ? { value: null }
    : { value, why: `pack voltage is the record's ${record.dc!.voltage_class} class` };
}

/** The on-board AC figures for a home market. */
export interface AcFigures {
  kw: number;
  phases: number | null;
}

/**
 * The on-board charger differs by market (three-phase in Europe, single-phase 240 V in North America), and a record
 * sold on both sides of the Atlantic gives one figure: three phases → Europe only; otherwise the figure is used only
 * where the record's markets (among ours) are all on one side.
 */
export function acFigures(record: ExtractRecord, market: Region): Taken<AcFigures> {
  if (record.ac === null) return { value: null };
  const figures = { kw: record.ac.max_kw, phases: record.ac.phases };
  const northAmerican = inletStandard(market) === 'sae';
  if (record.ac.phases === 3)
    return northAmerican
      ? { value: null, why: 'AC left empty: the record gives a three-phase (European) on-board charger' }
      : { value: figures };
  const northAmericanCharger = northAmericanChargerOnEuropeanRow(record, market);
  if (northAmericanCharger) return { value: null, why: northAmericanCharger };
  const sides = new Set(saleRegions(record).map(inletStandard));
  if (sides.size > 1)
    return {
      value: null,
      why: 'AC left empty: the record is sold in Europe and North America and does not say which market its on-board charger figure is for',
    };
  // One European phase carries at most 7.4 kW (230 V, 32 A): a larger single-phase figure has a wrong phase count.
  if (!northAmerican && record.ac.phases === 1 && record.ac.max_kw > singlePhaseMaxKw(market))
    return {
      value: { kw: record.ac.max_kw, phases: null },
      why: `AC phases left empty: ${record.ac.max_kw} kW cannot flow on one European phase`,
    };
  return { value: figures };
}

/**
 * Class "market-specific on-board charger": upstream copies one markets list between records, so a record written for
 * European inlets may still list the US or Canada, and give the North American car's single-phase 240 V charger (the
 * Kona's 7.2 kW). A single-phase (or unphased) figure up to 7.4 kW fits both markets' supplies, so on such a record it
 * does not tell which market it is for: the European row does not take it; a three-phase figure is always European.
 * Returns why, or null when the figure may be taken.
 */
export function northAmericanChargerOnEuropeanRow(record: ExtractRecord, market: Region): string | null {
  if (inletStandard(market) === 'sae' || record.ac === null || record.ac.phases === 3) return null;
  if (record.ac.max_kw > singlePhaseMaxKw(market)) return null;
  const northAmerican = countriesOfStandard('sae');
  if (!record.markets.some((m) => northAmerican.has(m))) return null;
  return (
    `AC left empty: the record also lists North American markets, and its single-phase ${record.ac.max_kw} kW may ` +
    "be the North American car's 240 V charger"
  );
}

/** The record lists a market of one of our regions (the extract keeps only these records). */
export const listsOurMarkets = (record: Pick<ExtractRecord, 'markets'>): boolean =>
  record.markets.some((m) => OUR_COUNTRIES.has(m));
