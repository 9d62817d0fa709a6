// What the dataset covers: variants, brands and charger models per region, and how many edges of each state.
import { REGIONS, type Region } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import { STATES, type State } from '../core/vocabulary.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';

export interface RegionCoverage {
  vehicles: number;
  chargers: { DC: number; AC: number };
  states: Record<State, number>;
}

/** One region's list of best-selling model families: which have a variant on sale there. */
export interface BestSellerCoverage {
  hits: string[];
  misses: string[];
}

export interface Coverage {
  vehicles: number;
  brands: number;
  modelYears: { min: number; max: number };
  /** Vehicles by architecture voltage class: below 600 V is 400 V-class, from 600 V on 800 V-class, null when not stated. */
  architectures: { '400V': number; '800V': number; unstated: number };
  chargers: { DC: number; AC: number };
  observations: number;
  regions: Record<Region, RegionCoverage>;
  /** Per region with a list in data/best_sellers.csv, by rank. */
  bestSellers: Partial<Record<Region, BestSellerCoverage>>;
}

/** The names a best-seller row accepts for its family ("Niro EV | e-Niro"). */
export const familyNames = (family: string): string[] => family.split('|').map((name) => name.trim());

/** Each region's best sellers that have a variant on sale there (a vehicle of that brand and family with a region row). */
export function bestSellerCoverage(data: Dataset): Partial<Record<Region, BestSellerCoverage>> {
  const onSale = new Set<string>();
  for (const vehicle of data.vehicles) {
    for (const region of data.vehicleRegions.get(vehicle.slug)?.keys() ?? [])
      onSale.add(`${region}\0${vehicle.brand}\0${vehicle.family}`);
  }
  const result: Partial<Record<Region, BestSellerCoverage>> = {};
  for (const row of [...data.bestSellers].sort((a, b) => a.rank - b.rank)) {
    const list = (result[row.region] ??= { hits: [], misses: [] });
    const hit = familyNames(row.family).some((name) => onSale.has(`${row.region}\0${row.brand}\0${name}`));
    (hit ? list.hits : list.misses).push(`${row.brand} ${familyNames(row.family)[0]}`);
  }
  return result;
}

const emptyStates = (): Record<State, number> =>
  Object.fromEntries(STATES.map((state) => [state, 0])) as Record<State, number>;

/** Counts the dataset and derives every edge once (one vehicle at a time) to count states per region. */
export function datasetCoverage(data: Dataset): Coverage {
  const regions = Object.fromEntries(
    REGIONS.map((region) => [region, { vehicles: 0, chargers: { DC: 0, AC: 0 }, states: emptyStates() }]),
  ) as Record<Region, RegionCoverage>;
  for (const vehicle of data.vehicles) {
    for (const region of data.vehicleRegions.get(vehicle.slug)?.keys() ?? []) regions[region].vehicles += 1;
  }
  const chargers = { DC: 0, AC: 0 };
  for (const charger of data.chargers) {
    chargers[charger.current_kind] += 1;
    for (const region of data.chargerConnectors.get(charger.slug)?.keys() ?? [])
      regions[region].chargers[charger.current_kind] += 1;
  }
  for (const vehicleIndex of data.vehicles.keys()) {
    for (const edge of edgesOfVehicle(data, vehicleIndex)) regions[edge.facts.region].states[edge.facts.state] += 1;
  }
  const years = data.vehicles.map((vehicle) => vehicle.model_year);
  const architectures = { '400V': 0, '800V': 0, unstated: 0 };
  for (const { architecture_voltage_v: volts } of data.vehicles) {
    architectures[volts === null ? 'unstated' : volts < 600 ? '400V' : '800V'] += 1;
  }
  return {
    vehicles: data.vehicles.length,
    brands: new Set(data.vehicles.map((vehicle) => vehicle.brand)).size,
    modelYears: { min: Math.min(...years), max: Math.max(...years) },
    architectures,
    chargers,
    observations: data.observations.size,
    regions,
    bestSellers: bestSellerCoverage(data),
  };
}

/** The coverage as a Markdown table, one row per region. */
export function coverageTable(coverage: Coverage): string {
  const lines = [
    `${coverage.vehicles} vehicle variants (${coverage.brands} brands, model years ${coverage.modelYears.min}-${coverage.modelYears.max}; ` +
      `400 V-class ${coverage.architectures['400V']}, 800 V-class ${coverage.architectures['800V']}, not stated ${coverage.architectures.unstated}), ` +
      `${coverage.chargers.DC + coverage.chargers.AC} charger models (${coverage.chargers.DC} DC, ${coverage.chargers.AC} AC), ` +
      `${coverage.observations} curated observations.`,
    '',
    `| region | vehicles | DC chargers | AC chargers | ${STATES.join(' | ')} |`,
    `|---|---:|---:|---:|${STATES.map(() => '---:').join('|')}|`,
  ];
  for (const region of REGIONS) {
    const { vehicles, chargers, states } = coverage.regions[region];
    lines.push(
      `| ${region} | ${vehicles} | ${chargers.DC} | ${chargers.AC} | ${STATES.map((state) => states[state]).join(' | ')} |`,
    );
  }
  lines.push(
    '',
    'Best-selling battery-electric model families (data/best_sellers.csv) with a variant on sale in their region:',
    '',
  );
  lines.push('| region | on sale | share | missing |', '|---|---:|---:|---|');
  for (const region of REGIONS) {
    const list = coverage.bestSellers[region];
    if (!list) continue;
    const total = list.hits.length + list.misses.length;
    lines.push(
      `| ${region} | ${list.hits.length} of ${total} | ${Math.floor((100 * list.hits.length) / total)} % | ${list.misses.join(', ') || '—'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
