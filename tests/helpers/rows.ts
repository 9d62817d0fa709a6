// Test helpers: typed row builders (vehicle, charger, connector rows, paths, …), located rows and whole datasets.
import { indexTables, type Dataset } from '../../build/data/dataset.ts';
import type { LoadedTables } from '../../build/data/load.ts';
import {
  CHARGER_FIGURES,
  figureSourceColumn,
  OUTLET_FIGURES,
  type Figure,
  type FigureSourceColumn,
} from '../../build/data/figure-sources.ts';
import type { Location } from '../../build/data/problems.ts';
import {
  TABLES,
  type AdapterEntry,
  type ChargerConnectorRow,
  type ChargerRow,
  type ConnectorEntry,
  type NetworkChargerRow,
  type NetworkRegionRow,
  type NetworkRow,
  type ObservationRow,
  type PlatformMemberRow,
  type PlatformRow,
  type ProtocolEntry,
  type SourceEntry,
  type TableName,
  type VehicleRegionRow,
  type VehicleRow,
} from '../../build/data/tables.ts';
import type { ConnectionPath, MissingFigure, Pairing, PowerEstimate } from '../../build/derive/rule.ts';
import type { Region } from '../../build/core/regions.ts';
import type { CurrentKind } from '../../build/core/vocabulary.ts';

export const SPEC = 'spec-sheet';

type CsvTable = 'vehicles' | 'vehicleRegions' | 'chargers' | 'chargerConnectors';
type RowOf<K extends TableName> = LoadedTables[K][number]['value'];

/**
 * A row of a CSV table from the cells its file would hold: every column not given is an empty cell, and the table's
 * schema parses them, so a new optional column needs nothing here.
 */
function csvRow<K extends CsvTable>(
  table: K,
  cells: Partial<Record<keyof (typeof TABLES)[K]['schema']['shape'], string>>,
): RowOf<K> {
  const empty = Object.fromEntries(Object.keys(TABLES[table].schema.shape).map((name) => [name, '']));
  return TABLES[table].schema.parse({ ...empty, ...cells }) as RowOf<K>;
}

/** A cell as a CSV file writes it: quoted when it holds a comma, a quote or a line break. */
const csvCell = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A line of a CSV table from its cells by column name (a column not given is empty), in the table's column order. */
export function csvLine<K extends CsvTable>(
  table: K,
  cells: Partial<Record<keyof (typeof TABLES)[K]['schema']['shape'], string>>,
): string {
  const named = cells as Record<string, string | undefined>;
  return Object.keys(TABLES[table].schema.shape)
    .map((name) => csvCell(named[name] ?? ''))
    .join(',');
}

/** The source columns of these vehicle figures, each citing `ids` (a CSV cell, or a row's list). */
export function citedBy<T extends string | string[]>(
  ids: T,
  figures: readonly Figure[],
): Partial<Record<FigureSourceColumn, T>> {
  return Object.fromEntries(figures.map((figure) => [figureSourceColumn(figure), ids]));
}

/** A builder of rows: the defaults (a fresh copy each time) with the given fields. */
const builder =
  <Row extends object>(defaults: Row) =>
  (o: Partial<Row> = {}): Row => ({ ...structuredClone(defaults), ...o });

/** A 400 V, 150 kW DC / 11 kW three-phase AC car sold in the EU with type2 + ccs2 inlets. */
export const vehicle = builder<VehicleRow>(
  csvRow('vehicles', {
    slug: 'test-car-2024-eu',
    brand: 'Test',
    family: 'Car',
    model_year: '2024',
    battery_kwh_usable: '60',
    architecture_voltage_v: '400',
    max_dc_kw_oem: '150',
    max_ac_kw_oem: '11',
    ac_phases: '3',
    source: SPEC,
    ...citedBy(SPEC, ['battery_kwh_usable', 'architecture_voltage_v', 'max_dc_kw_oem', 'max_ac_kw_oem', 'ac_phases']),
  }),
);

/**
 * A builder of charger or outlet rows whose figures, where a test gives one without its own `<figure>_source`, cite the
 * row's `source` (as each row's figures did when they got source columns of their own), and cite nothing when empty.
 */
const citingBuilder =
  <Row extends { source: string[] }>(defaults: Row, figures: readonly Figure[]) =>
  (o: Partial<Row> = {}): Row => {
    const row = { ...structuredClone(defaults), ...o } as Row & Record<string, unknown>;
    for (const figure of figures) {
      const column = figureSourceColumn(figure);
      if (column in o) continue;
      (row as Record<string, unknown>)[column] = row[figure] === null ? [] : [...row.source];
    }
    return row;
  };

/** A 350 kW DC unit with a 150..920 V output window. */
export const charger = citingBuilder<ChargerRow>(
  csvRow('chargers', {
    slug: 'test-hpc-350',
    brand: 'Test',
    model: 'HPC 350',
    current_kind: 'DC',
    nominal_max_kw: '350',
    output_voltage_min_v: '150',
    output_voltage_max_v: '920',
    source: SPEC,
    ...citedBy(SPEC, CHARGER_FIGURES),
  }),
  CHARGER_FIGURES,
);

/** A 22 kW AC wallbox (no DC voltage range). */
export const wallbox = (o: Partial<ChargerRow> = {}): ChargerRow =>
  charger({
    slug: 'test-wall-22',
    model: 'Wall 22',
    current_kind: 'AC',
    nominal_max_kw: 22,
    output_voltage_min_v: null,
    output_voltage_max_v: null,
    ...o,
  });

export const connectorRow = citingBuilder<ChargerConnectorRow>(
  csvRow('chargerConnectors', { charger: 'test-hpc-350', region: 'EU', connector: 'ccs2', source: SPEC }),
  OUTLET_FIGURES,
);

export const vehicleRegion = builder<VehicleRegionRow>(
  csvRow('vehicleRegions', {
    vehicle: 'test-car-2024-eu',
    region: 'EU',
    ac_inlet: 'type2',
    dc_inlet: 'ccs2',
    source: SPEC,
  }),
);

/** NACS (charger side) to CCS1 (vehicle side), DC, sold in NA, 150 kW cap. */
export const adapter = (o: Partial<AdapterEntry> = {}): AdapterEntry => ({
  id: 'nacs-to-ccs1',
  name: 'NACS to CCS1 adapter',
  current: 'DC',
  vehicle_inlet: 'ccs1',
  charger_connector: 'nacs',
  regions: ['NA'],
  max_kw: 150,
  brands: ['Test'],
  families: [],
  model_years: null,
  chargers: [],
  starts: null,
  source: ['adapter-sheet'],
  note: null,
  ...o,
});

export const path = (o: Partial<ConnectionPath> = {}): ConnectionPath => ({
  current: 'DC',
  connector: connectorRow(),
  vehicleInlet: 'ccs2',
  adapter: null,
  ...o,
});

/** A power rule's estimate for a path: 150 kW from the vehicle's own peak, nothing missing, unless given. */
export const powerEstimate = (o: Partial<PowerEstimate> = {}): PowerEstimate => ({
  kw: 150,
  lowKw: 150,
  highKw: 150,
  caps: [{ cap: 'vehicle', kw: 150, sources: [SPEC] }],
  chargerLimited: false,
  impossible: null,
  missing: [],
  unchecked: [],
  implied: [],
  ...o,
});

/** A missing figure: the test car's DC peak, deciding only the power and leaving it unbounded, unless given. */
export const missingFigure = (o: Partial<MissingFigure> = {}): MissingFigure => ({
  figure: { file: 'vehicles.csv', row: 'test-car-2024-eu', column: 'max_dc_kw_oem' },
  decides: 'power',
  why: "the car's own DC peak",
  kwMin: null,
  kwMax: null,
  ...o,
});

export const source = (o: Partial<SourceEntry> = {}): SourceEntry => ({
  id: SPEC,
  kind: 'oem',
  title: 'Specification sheet',
  url: null,
  accessedAt: null,
  ...o,
});

export const observation = (o: Partial<ObservationRow> = {}): ObservationRow => ({
  vehicle: 'test-car-2024-eu',
  charger: 'test-hpc-350',
  region: 'EU',
  state: 'limited',
  kw: 120,
  note: 'observed',
  source: ['bench-test'],
  ...o,
});

const connector = (
  id: string,
  currents: ConnectorEntry['currents'],
  ac_phases: 1 | 3 | null = null,
): ConnectorEntry => ({
  id,
  name: id,
  currents,
  ac_phases,
});
export const CONNECTORS: ReadonlyMap<string, ConnectorEntry> = new Map(
  [
    connector('ccs1', ['DC']),
    connector('ccs2', ['DC']),
    connector('chademo', ['DC']),
    connector('nacs', ['AC', 'DC'], 1),
    connector('type1', ['AC'], 1),
    connector('type2', ['AC'], 3),
  ].map((c) => [c.id, c]),
);

const protocol = (
  id: string,
  current: ProtocolEntry['current'],
  implied_by: string[],
  proprietary_to: string | null = null,
): ProtocolEntry => ({ id, name: id, current, implied_by, proprietary_to });
/** The fixture's vocabulary: DIN70121 implied by CCS, CHAdeMO by chademo, IEC61851-1 by every AC connector, Tesla's own. */
export const PROTOCOLS: readonly ProtocolEntry[] = [
  protocol('CHAdeMO', 'DC', ['chademo']),
  protocol('DIN70121', 'DC', ['ccs1', 'ccs2']),
  protocol('IEC61851-1', 'AC', ['type1', 'type2', 'nacs']),
  protocol('ISO15118-2', 'DC', []),
  protocol('ISO15118-20', 'DC', []),
  protocol('Tesla', 'DC', [], 'Tesla'),
];

/** The 1-based number of a field in its table's columns (synthetic rows report it; a file read reports cellColumn). */
export const column = <K extends TableName>(table: K, field: keyof (typeof TABLES)[K]['schema']['shape']): number =>
  Object.keys(TABLES[table].schema.shape).indexOf(field as string) + 1;

/**
 * The character column (1-based) where cell number `index` (0-based) starts in a CSV line without quoted commas: what
 * `npm run check` reports as a CSV cell's column, worked out here by splitting, not by the reader under test.
 */
export const startOfCell = (line: string, index: number): number =>
  index === 0 ? 1 : line.split(',').slice(0, index).join(',').length + 2;

/** The character column of `field`'s cell in a line of `table` (see startOfCell). */
export const cellColumn = <K extends TableName>(
  table: K,
  line: string,
  field: keyof (typeof TABLES)[K]['schema']['shape'],
): number => startOfCell(line, column(table, field) - 1);

/** A row as load.ts would give it: `at(field)` points at `data/<file>:line:<field number in the table's column order>`. */
export function located<K extends TableName>(
  table: K,
  line: number,
  value: LoadedTables[K][number]['value'],
): LoadedTables[K][number] {
  const file = `data/${TABLES[table].file}`;
  const columns = Object.keys(TABLES[table].schema.shape);
  const at = (field?: string): Location => ({ file, line, column: field ? columns.indexOf(field) + 1 : 1 });
  return { value, file, line, at };
}

/** Loaded tables, every table empty unless given. */
export function tables(o: Partial<LoadedTables> = {}): LoadedTables {
  const empty = Object.fromEntries(Object.keys(TABLES).map((name) => [name, []])) as unknown as LoadedTables;
  return { ...empty, ...o };
}

const rows = <K extends TableName>(table: K, values: readonly LoadedTables[K][number]['value'][]) =>
  values.map((value, i) => located(table, i + 2, value)) as LoadedTables[K];

export interface DatasetParts {
  vehicles?: VehicleRow[];
  vehicleRegions?: VehicleRegionRow[];
  chargers?: ChargerRow[];
  chargerConnectors?: ChargerConnectorRow[];
  adapters?: AdapterEntry[];
  observations?: ObservationRow[];
  sources?: SourceEntry[];
}

/** A Dataset indexed from the given rows, with the standard connectors and protocols. */
export function dataset(p: DatasetParts): Dataset {
  return indexTables(
    tables({
      sources: rows('sources', p.sources ?? [source()]),
      connectors: rows('connectors', [...CONNECTORS.values()]),
      protocols: rows('protocols', PROTOCOLS),
      adapters: rows('adapters', p.adapters ?? []),
      vehicles: rows('vehicles', p.vehicles ?? []),
      vehicleRegions: rows('vehicleRegions', p.vehicleRegions ?? []),
      chargers: rows('chargers', p.chargers ?? []),
      chargerConnectors: rows('chargerConnectors', p.chargerConnectors ?? []),
      observations: rows('observations', p.observations ?? []),
    }),
  );
}

/** A pairing of the test car (brand Test) and a charger of the given kind, for the adapter rule. */
export function pairingOfRows(
  vr: VehicleRegionRow,
  rows: ChargerConnectorRow[],
  kind: CurrentKind,
  adapters: AdapterEntry[],
  region: Region,
  o: { vehicle?: Partial<VehicleRow>; charger?: string; asOf?: string | null } = {},
): Pairing {
  const data = { connectors: CONNECTORS, adapters, asOf: o.asOf ?? null } as unknown as Dataset;
  return {
    data,
    vehicle: vehicle(o.vehicle),
    charger: charger({ slug: o.charger ?? 'test-hpc-350', current_kind: kind }),
    region,
    vehicleRegion: vr,
    connectorRows: rows,
  };
}

/** An 800 V platform with a boost path whose power is not stated, citing "platform-press". */
export const platform = builder<PlatformRow>({
  slug: 'test-platform',
  name: 'Test platform',
  voltage_class_v: 800,
  boost: 'yes',
  boost_dc_kw: null,
  source: ['platform-press'],
  note: null,
});

/** The test car's brand and family on the test platform, every model year, citing "member-press". */
export const platformMember = builder<PlatformMemberRow>({
  platform: 'test-platform',
  brand: 'Test',
  family: 'Car',
  model_year_from: null,
  model_year_to: null,
  source: ['member-press'],
});

/** A network, "test-net", citing "network-press". */
export const network = builder<NetworkRow>({
  slug: 'test-net',
  name: 'Test Net',
  source: ['network-press'],
  note: null,
});

/** The test network in the EU, open to any EV, no site count, citing "network-press" for its terms. */
export const networkRegion = builder<NetworkRegionRow>({
  network: 'test-net',
  region: 'EU',
  dc_sites: null,
  dc_sites_as_of: null,
  dc_sites_source: [],
  access: 'open',
  access_brands: [],
  access_source: ['network-press'],
  note: null,
});

/** The test network runs the test HPC in the EU, citing "network-press". */
export const networkLink = builder<NetworkChargerRow>({
  network: 'test-net',
  region: 'EU',
  charger: 'test-hpc-350',
  source: ['network-press'],
  note: null,
});
