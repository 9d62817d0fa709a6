// Which sources back each figure of a row: the one list of the figures of each table that has them (vehicles, chargers,
// charger connectors) and where each one's citation lives (its own column, `<figure>_source`, or a vehicle's platform's
// where the row inherits the figure). Tables, checks, derivation, the importer and the docs ask here, never a column
// name of their own.
import type { CurrentKind } from '../core/vocabulary.ts';
import type { ChargerConnectorRow, ChargerRow, VehicleRow } from './tables.ts';

/**
 * Every published figure of a vehicle row, in the file's column order, with what it is in words: the one list of a
 * vehicle's figures (tables.ts places each with its source column, checks and the importer read it from here).
 */
export const FIGURE_NAMES = {
  battery_kwh_usable: 'usable battery',
  architecture_voltage_v: 'pack voltage',
  max_dc_kw_oem: 'peak DC',
  boost_dc_kw: 'boost',
  max_ac_kw_oem: 'on-board charger',
  ac_phases: 'phases',
  ac_one_phase_a: 'one-phase current',
} as const;

/** A table's figures in its file's column order, from their names. */
const figuresOf = <Names extends Record<string, string>>(names: Names) =>
  Object.keys(names) as (keyof Names & string)[];

/** The figures, in the file's column order; each cites its sources in its own column. */
export const VEHICLE_FIGURES = figuresOf(FIGURE_NAMES);

export type VehicleFigure = (typeof VEHICLE_FIGURES)[number];

/** Every published figure of a charger model (chargers.csv), in column order, with what it is in words. */
export const CHARGER_FIGURE_NAMES = {
  nominal_max_kw: 'nominal output',
  output_voltage_min_v: 'lowest output voltage',
  output_voltage_max_v: 'highest output voltage',
} as const;
export const CHARGER_FIGURES = figuresOf(CHARGER_FIGURE_NAMES);
export type ChargerFigure = (typeof CHARGER_FIGURES)[number];

/** Every published figure of an outlet (charger_connectors.csv), in column order, with what it is in words. */
export const OUTLET_FIGURE_NAMES = {
  max_kw: 'outlet power',
  max_current_a: 'outlet current',
  phases: 'supply phases',
} as const;
export const OUTLET_FIGURES = figuresOf(OUTLET_FIGURE_NAMES);
export type OutletFigure = (typeof OUTLET_FIGURES)[number];

/** Any table's figure. */
export type Figure = VehicleFigure | ChargerFigure | OutletFigure;
export type FigureSourceColumn<F extends Figure = Figure> = `${F}_source`;

/** The column that cites the sources of one figure. */
export const figureSourceColumn = <F extends Figure>(figure: F): FigureSourceColumn<F> => `${figure}_source`;

/** The tables whose figures cite their own sources: each table's figures and what they are in words. */
export const SOURCED_FIGURES = {
  vehicles: FIGURE_NAMES,
  chargers: CHARGER_FIGURE_NAMES,
  chargerConnectors: OUTLET_FIGURE_NAMES,
} as const;

/** The ids of the sources that back one figure of a charger or outlet row (its own `<figure>_source`). */
export function ownFigureSourceIds<F extends ChargerFigure | OutletFigure>(
  row: Record<FigureSourceColumn<F>, readonly string[]>,
  figure: F,
): readonly string[] {
  return row[figureSourceColumn(figure)];
}

/** The sources of a charger's figure, of an outlet's: for rows typed as their tables give them. */
export const chargerFigureSources = (charger: ChargerRow, figure: ChargerFigure) => ownFigureSourceIds(charger, figure);
export const outletFigureSources = (outlet: ChargerConnectorRow, figure: OutletFigure) =>
  ownFigureSourceIds(outlet, figure);

/** A row's own sources and those of each of its figures, each once: all a path reads of a charger or an outlet. */
function rowSourceIds<F extends ChargerFigure | OutletFigure>(
  row: { source: readonly string[] } & Record<FigureSourceColumn<F>, readonly string[]>,
  figures: readonly F[],
): string[] {
  return [...new Set([...row.source, ...figures.flatMap((figure) => ownFigureSourceIds(row, figure))])];
}
export const chargerSourceIds = (charger: ChargerRow) => rowSourceIds(charger, CHARGER_FIGURES);
export const outletSourceIds = (outlet: ChargerConnectorRow) => rowSourceIds(outlet, OUTLET_FIGURES);

/** The figures a connection path of each current reads (pack voltage, peaks, boost; on-board charger, phases). */
export const CURRENT_FIGURES: Record<CurrentKind, readonly VehicleFigure[]> = {
  DC: ['architecture_voltage_v', 'max_dc_kw_oem', 'boost_dc_kw'],
  AC: ['max_ac_kw_oem', 'ac_phases', 'ac_one_phase_a'],
};

/** The figures some path reads, in the file's column order: the ones whose empty cell can decide an answer. */
export const DECIDING_FIGURES: readonly VehicleFigure[] = VEHICLE_FIGURES.filter((figure) =>
  Object.values(CURRENT_FIGURES).some((figures) => figures.includes(figure)),
);

/** What a vehicle row holds beyond its own cells once platform facts apply (data/platforms.ts). */
export interface InheritedFigures {
  /** Figures the row takes from its platform, with the sources that back them there. */
  inherited?: Partial<Record<VehicleFigure, readonly string[]>>;
  /** The platform's boost path, where the row's own boost_dc_kw is empty. */
  inheritedBoost?: { exists: boolean; kw: number | null; sources: readonly string[] };
}

/** The ids of the sources (data/sources.yaml) that back one figure of a vehicle row (its platform's, if inherited). */
export function figureSourceIds(vehicle: VehicleRow & InheritedFigures, figure: VehicleFigure): readonly string[] {
  return vehicle.inherited?.[figure] ?? vehicle[figureSourceColumn(figure)];
}

/** The ids of the sources that back any of these figures, each once, in the order first cited. */
export function figuresSourceIds(vehicle: VehicleRow & InheritedFigures, figures: readonly VehicleFigure[]): string[] {
  return [...new Set(figures.flatMap((figure) => figureSourceIds(vehicle, figure)))];
}

/** The ids of the sources behind the vehicle's figures for one current (a platform's boost path included). */
export const currentFigureSourceIds = (vehicle: VehicleRow & InheritedFigures, current: CurrentKind): string[] => [
  ...new Set([
    ...figuresSourceIds(vehicle, CURRENT_FIGURES[current]),
    ...(current === 'DC' ? (vehicle.inheritedBoost?.sources ?? []) : []),
  ]),
];
