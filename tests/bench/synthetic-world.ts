// A deterministic (seeded) synthetic world in the project's own data/ format, for benchmarks: small, medium and large.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_REGION, regionRank, REGIONS, type Region } from '../../build/core/regions.ts';
import { TABLES } from '../../build/data/tables.ts';

export const SIZES = {
  small: { vehicles: 100, chargers: 50 },
  medium: { vehicles: 500, chargers: 200 },
  large: { vehicles: 1500, chargers: 500 },
} as const;
export type WorldSize = keyof typeof SIZES;

/** mulberry32: a small, fast, seeded PRNG, so the same seed gives the same world on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  };
}

const BRANDS = [
  'Aster',
  'Borealis',
  'Cinder',
  'Dynamo',
  'Ember',
  'Fjord',
  'Gale',
  'Helix',
  'Ion',
  'Juno',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orbit',
  'Pulse',
  'Quasar',
  'Rivet',
  'Sable',
  'Tundra',
];
const TRIMS = ['Standard Range', 'Long Range', 'Long Range AWD', 'Performance', 'Base', 'Touring'];
const csvLine = (cells: (string | number | null)[]) => cells.map((c) => (c === null ? '' : String(c))).join(',');
/** A CSV table's header line, and a line of it from its cells by column name (a column not given is empty). */
function csvTable<K extends 'vehicles' | 'chargers' | 'chargerConnectors'>(table: K) {
  type Column = keyof (typeof TABLES)[K]['schema']['shape'] & string;
  const columns = Object.keys(TABLES[table].schema.shape) as Column[];
  return {
    header: columns.join(','),
    line: (cells: Partial<Record<Column, string | number | null>>) => csvLine(columns.map((c) => cells[c] ?? null)),
  };
}
const VEHICLES = csvTable('vehicles');
const CHARGERS = csvTable('chargers');
const OUTLETS = csvTable('chargerConnectors');
/** The figures given, each with its `<figure>_source` citing the world's one source where it is filled. */
const cited = (figures: Record<string, string | number | null>) => ({
  ...figures,
  ...Object.fromEntries(
    Object.entries(figures).map(([figure, value]) => [`${figure}_source`, value === null ? '' : SOURCE]),
  ),
});
const SOURCE = 'synthetic-world';
/** The region with North America's connectors (NACS, CCS1, Type 1); every other region has Europe's (CCS2, Type 2). */
const NORTH_AMERICA: Region = 'NA';
/** The regions a European variant may be sold in: the default one (its home market, -eu) first. */
const EUROPEAN_CONNECTOR_REGIONS = REGIONS.filter((region) => region !== NORTH_AMERICA);

/** Writes `<root>/data/` for a synthetic world; connectors.yaml and protocols.yaml are the project's own. */
export function writeSyntheticWorld(
  root: string,
  size: WorldSize,
  seed = 20261122,
): { vehicles: number; chargers: number } {
  const rng = random(seed);
  const { vehicles: vehicleCount, chargers: chargerCount } = SIZES[size];
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { recursive: true });
  for (const file of ['connectors.yaml', 'protocols.yaml'])
    copyFileSync(path.join('data', file), path.join(dataDir, file));
  writeFileSync(
    path.join(dataDir, 'sources.yaml'),
    `- id: ${SOURCE}\n  kind: community\n  title: "Synthetic world (benchmark data, not real vehicles or chargers), seed ${seed}"\n  url: null\n  accessedAt: null\n`,
  );
  writeFileSync(
    path.join(dataDir, 'adapters.yaml'),
    [
      ['ccs1-to-nacs', 'DC', 'nacs', 'ccs1', NORTH_AMERICA, '250'],
      ['j1772-to-nacs', 'AC', 'nacs', 'type1', NORTH_AMERICA, 'null'],
      ['nacs-to-ccs1', 'DC', 'ccs1', 'nacs', NORTH_AMERICA, '150'],
    ]
      .map(
        ([id, current, inlet, connector, region, kw]) =>
          `- id: ${id}\n  name: Synthetic ${id}\n  current: ${current}\n  vehicle_inlet: ${inlet}\n  charger_connector: ${connector}\n  regions: [${region}]\n  max_kw: ${kw}\n` +
          `  brands: [${BRANDS.join(', ')}]\n  families: []\n  model_years: null\n  chargers: []\n  starts: null\n  source: [${SOURCE}]\n  note: null\n`,
      )
      .join(''),
  );

  const vehicles: string[][] = [];
  const vehicleRegions: string[] = [];
  for (let i = 0; i < vehicleCount; i += 1) {
    const brand = rng.pick(BRANDS);
    const year = rng.int(2019, 2026);
    const market = rng.chance(0.45) ? 'na' : 'eu';
    const slug = `${brand.toLowerCase()}-model-${i}-${year}-${market}`;
    const high = rng.chance(0.25);
    const dc = rng.chance(0.05) ? null : rng.int(high ? 180 : 50, high ? 350 : 250);
    const ac = market === 'na' ? rng.pick([7.2, 11.5, 19.2]) : rng.pick([7.4, 11, 22]);
    const phases = market === 'na' || ac === 7.4 ? 1 : 3;
    const unknown = (value: number | null) => (rng.chance(0.1) ? null : value);
    const volts = unknown(high ? 800 : 400);
    const boost = high ? unknown(rng.int(50, 150)) : null;
    const figures = {
      battery_kwh_usable: unknown(rng.int(40, 120)),
      architecture_voltage_v: volts,
      max_dc_kw_oem: dc,
      boost_dc_kw: boost,
      max_ac_kw_oem: ac,
      ac_phases: phases,
    };
    vehicles.push([
      slug,
      VEHICLES.line({
        slug,
        brand,
        family: `Model ${i}`,
        trim: rng.pick(TRIMS),
        model_year: year,
        ...cited(figures),
        bidirectional: rng.chance(0.3) ? 'V2L' : '',
        protocols: market === 'na' && year >= 2025 ? 'DIN70121' : '',
        source: SOURCE,
      }),
    ]);
    const nacs = market === 'na' && year >= 2025 && rng.chance(0.7);
    const chademo = market === 'eu' && rng.chance(0.05);
    // A North American variant is sold there; a European one in its home market and maybe the other regions.
    const regions =
      market === 'na'
        ? [NORTH_AMERICA]
        : EUROPEAN_CONNECTOR_REGIONS.filter((r, index) => index === 0 || rng.chance(0.7));
    for (const region of regions) {
      const [acInlet, dcInlet] =
        market === 'na' ? (nacs ? ['nacs', 'nacs'] : ['type1', 'ccs1']) : ['type2', chademo ? 'chademo' : 'ccs2'];
      vehicleRegions.push(csvLine([slug, region, acInlet, dc === null ? '' : dcInlet, SOURCE]));
    }
  }

  const chargers: string[][] = [];
  const connectors: string[] = [];
  for (let i = 0; i < chargerCount; i += 1) {
    const isDc = rng.chance(0.65);
    const brand = rng.pick(BRANDS);
    const slug = `${brand.toLowerCase()}-${isDc ? 'dc' : 'ac'}-${i}`;
    const kw = isDc ? rng.pick([50, 60, 120, 150, 180, 250, 300, 350, 400]) : rng.pick([7.4, 11, 22]);
    const vmax = isDc ? (kw <= 250 && rng.chance(0.4) ? 500 : rng.pick([920, 1000])) : null;
    const amps = isDc && vmax ? Math.ceil((kw * 1000) / (vmax * 0.8)) : null;
    chargers.push([
      slug,
      CHARGERS.line({
        slug,
        brand,
        model: `${isDc ? 'DC' : 'AC'} ${i}`,
        current_kind: isDc ? 'DC' : 'AC',
        ...cited({
          nominal_max_kw: kw,
          output_voltage_min_v: isDc ? (rng.chance(0.1) ? null : 150) : null,
          output_voltage_max_v: vmax,
        }),
        protocols: isDc && rng.chance(0.5) ? 'ISO15118-2' : '',
        source: SOURCE,
      }),
    ]);
    const regions = REGIONS.filter((region) =>
      rng.chance(region === DEFAULT_REGION || region === NORTH_AMERICA ? 0.6 : 0.35),
    );
    for (const region of regions.length > 0 ? regions : [DEFAULT_REGION]) {
      if (isDc) {
        const dcConnector = region === NORTH_AMERICA ? (rng.chance(0.4) ? 'nacs' : 'ccs1') : 'ccs2';
        const outlet = (connector: string, maxKw: number, maxCurrentA: number | null) =>
          OUTLETS.line({
            charger: slug,
            region,
            connector,
            ...cited({ max_kw: maxKw, max_current_a: maxCurrentA, phases: null }),
            source: SOURCE,
          });
        connectors.push(outlet(dcConnector, kw, amps));
        if (rng.chance(0.15)) connectors.push(outlet('chademo', 50, 125));
      } else {
        const phases = region === NORTH_AMERICA ? 1 : kw === 7.4 ? 1 : 3;
        connectors.push(
          OUTLETS.line({
            charger: slug,
            region,
            connector: region === NORTH_AMERICA ? 'type1' : 'type2',
            ...cited({ max_kw: region === NORTH_AMERICA ? Math.min(kw, 11.5) : kw, max_current_a: 32, phases }),
            source: SOURCE,
          }),
        );
      }
    }
  }

  const byKey = (a: string[], b: string[]) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0);
  const rowKey = (line: string, columns: number[]) => {
    const cells = line.split(',');
    return columns.map((c) => (c === 1 ? String(regionRank(cells[1]!)) : cells[c]!)).join('\u0000');
  };
  const sortLines = (lines: string[], columns: number[]) =>
    lines.sort((a, b) => (rowKey(a, columns) < rowKey(b, columns) ? -1 : 1));
  writeFileSync(
    path.join(dataDir, 'vehicles.csv'),
    `${VEHICLES.header}\n` +
      vehicles
        .sort(byKey)
        .map(([, line]) => `${line}\n`)
        .join(''),
  );
  writeFileSync(
    path.join(dataDir, 'vehicle_regions.csv'),
    `vehicle,region,ac_inlet,dc_inlet,source\n${sortLines(vehicleRegions, [0, 1]).join('\n')}\n`,
  );
  writeFileSync(
    path.join(dataDir, 'chargers.csv'),
    `${CHARGERS.header}\n${chargers
      .sort(byKey)
      .map(([, line]) => `${line}\n`)
      .join('')}`,
  );
  writeFileSync(
    path.join(dataDir, 'charger_connectors.csv'),
    `${OUTLETS.header}\n${sortLines(connectors, [0, 1, 2]).join('\n')}\n`,
  );
  writeFileSync(path.join(dataDir, 'observations.csv'), 'vehicle,charger,region,state,kw,note,source\n');
  writeFileSync(path.join(dataDir, 'best_sellers.csv'), 'region,rank,brand,family,units,period,source\n');
  writeFileSync(path.join(dataDir, 'aliases.csv'), 'kind,old_slug,new_slug,note\n');
  return { vehicles: vehicleCount, chargers: chargerCount };
}
