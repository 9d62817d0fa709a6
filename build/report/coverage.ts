// What the dataset covers: variants, brands and charger models per region, and how many edges of each state.
import { REGIONS, type Region } from '../core/regions.ts';
import type { Dataset } from '../data/dataset.ts';
import { DECIDING_FIGURES, type VehicleFigure } from '../data/figure-sources.ts';
import { STATES, type State } from '../core/vocabulary.ts';
import type { Wanted } from '../api/explain-schemas.ts';
import { edgesOfVehicle } from '../derive/all-edges.ts';
import { explainEntry, WantedTally } from '../render/explain-files.ts';

export interface RegionCoverage {
  vehicles: number;
  chargers: { DC: number; AC: number };
  states: Record<State, number>;
  /** The edges of the region's best-seller variants (a variant of a family on its best_sellers.csv list), by state. */
  bestSellerStates: Record<State, number>;
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
  /** Empty cells of best-seller variants that an answer rests on (the wanted list names them), per column. */
  bestSellerEmptyCells: Record<DecisiveColumn, number>;
  /** The missing figures, ranked by the edges each would settle or sharpen (as /api/v1/wanted). */
  wanted: Wanted;
}

/** The vehicle columns whose empty cell can decide an answer (its state or its power): the figures a path reads. */
export const DECISIVE_COLUMNS = DECIDING_FIGURES;
export type DecisiveColumn = VehicleFigure;

/** Best-seller variants per region: on sale there, of a brand and family on that region's best_sellers.csv list. */
export function bestSellerVariants(data: Dataset): Record<Region, Set<string>> {
  const listed = new Set(
    data.bestSellers.flatMap((row) => familyNames(row.family).map((name) => `${row.region}\0${row.brand}\0${name}`)),
  );
  const result = Object.fromEntries(REGIONS.map((region) => [region, new Set<string>()])) as Record<
    Region,
    Set<string>
  >;
  for (const vehicle of data.vehicles)
    for (const region of data.vehicleRegions.get(vehicle.slug)?.keys() ?? [])
      if (listed.has(`${region}\0${vehicle.brand}\0${vehicle.family}`)) result[region].add(vehicle.slug);
  return result;
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
    REGIONS.map((region) => [
      region,
      { vehicles: 0, chargers: { DC: 0, AC: 0 }, states: emptyStates(), bestSellerStates: emptyStates() },
    ]),
  ) as Record<Region, RegionCoverage>;
  const bestSellers = bestSellerVariants(data);
  const wanted = new WantedTally();
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
    for (const { facts } of edgesOfVehicle(data, vehicleIndex)) {
      regions[facts.region].states[facts.state] += 1;
      if (bestSellers[facts.region].has(facts.vehicle)) regions[facts.region].bestSellerStates[facts.state] += 1;
      wanted.count(explainEntry(facts));
    }
  }
  // A decisive empty cell is one an answer rests on: a vehicle figure of a best seller that the wanted list names.
  const wantedDocument = wanted.toDocument();
  const anyBestSeller = new Set(REGIONS.flatMap((region) => [...bestSellers[region]]));
  const bestSellerEmptyCells = Object.fromEntries(DECISIVE_COLUMNS.map((c) => [c, 0])) as Record<
    DecisiveColumn,
    number
  >;
  for (const figure of wantedDocument.figures)
    if (figure.file === 'vehicles.csv' && anyBestSeller.has(figure.row))
      bestSellerEmptyCells[figure.column as DecisiveColumn] += 1;
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
    bestSellerEmptyCells,
    wanted: wantedDocument,
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
    `| region | vehicles | DC chargers | AC chargers | ${STATES.join(' | ')} | unk share | best sellers' unk share |`,
    `|---|---:|---:|---:|${STATES.map(() => '---:').join('|')}|---:|---:|`,
  ];
  for (const region of REGIONS) {
    const { vehicles, chargers, states, bestSellerStates } = coverage.regions[region];
    lines.push(
      `| ${region} | ${vehicles} | ${chargers.DC} | ${chargers.AC} | ${STATES.map((state) => states[state]).join(' | ')} | ` +
        `${share(states)} | ${share(bestSellerStates)} |`,
    );
  }
  const empty = coverage.bestSellerEmptyCells;
  lines.push(
    '',
    `Empty cells of best-seller variants that can decide an answer: ${DECISIVE_COLUMNS.reduce((n, c) => n + empty[c], 0)} ` +
      `(${DECISIVE_COLUMNS.map((c) => `${c} ${empty[c]}`).join(', ')}: those the wanted list names).`,
  );
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
  lines.push(
    '',
    `The ${Math.min(WANTED_SHOWN, coverage.wanted.count)} missing figures that would settle (make known whether it charges) or ` +
      `sharpen (its power) the most edges, of ${coverage.wanted.count} (all of them: /api/v1/wanted):`,
    '',
    `| figure | edges | settles (${REGIONS.join(' / ')}) | sharpens (${REGIONS.join(' / ')}) |`,
    '|---|---:|---|---|',
  );
  for (const figure of coverage.wanted.figures.slice(0, WANTED_SHOWN))
    lines.push(
      `| ${figure.file} \`${figure.row}\` ${figure.column} | ${figure.edges} | ` +
        `${REGIONS.map((r) => figure.settles[r]).join(' / ')} | ${REGIONS.map((r) => figure.sharpens[r]).join(' / ')} |`,
    );
  return `${lines.join('\n')}\n`;
}

/** How many of the wanted figures the printed table shows. */
const WANTED_SHOWN = 20;

/** The unk share of a region's edges, as "9.7 %". */
function share(states: Record<State, number>): string {
  const edges = STATES.reduce((n, state) => n + states[state], 0);
  return edges === 0 ? '—' : `${((100 * states.unk) / edges).toFixed(1)} %`;
}
