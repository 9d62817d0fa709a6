// Which sources back each figure of a vehicle row: the one list of a vehicle's figures and where each one's citation
// lives (its own column, `<figure>_source`, or its platform's where the row inherits the figure). Tables, checks,
// derivation, the importer and the docs ask here, never a column name of their own.
import type { CurrentKind } from '../core/vocabulary.ts';
import type { VehicleRow } from './tables.ts';

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

/** The figures, in the file's column order; each cites its sources in its own column. */
export const VEHICLE_FIGURES = Object.keys(FIGURE_NAMES) as (keyof typeof FIGURE_NAMES)[];

export type VehicleFigure = (typeof VEHICLE_FIGURES)[number];
export type FigureSourceColumn<F extends VehicleFigure = VehicleFigure> = `${F}_source`;

/** The column that cites the sources of one figure. */
export const figureSourceColumn = <F extends VehicleFigure>(figure: F): FigureSourceColumn<F> => `${figure}_source`;

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
