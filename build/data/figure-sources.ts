// Which sources back each figure of a vehicle row: the one list of a vehicle's figures and where each one's citation
// lives. Derivation, checks, the importer and the explain documents ask here, never a column name of their own.
import type { VehicleRow } from './tables.ts';

/** Every published figure of a vehicle row, with the column that cites its sources. */
export const VEHICLE_FIGURE_SOURCE_COLUMN = {
  battery_kwh_usable: 'source',
  architecture_voltage_v: 'dc_source',
  max_dc_kw_oem: 'dc_source',
  boost_dc_kw: 'dc_source',
  max_ac_kw_oem: 'ac_source',
  ac_phases: 'ac_source',
  ac_one_phase_a: 'ac_source',
} as const satisfies Partial<Record<keyof VehicleRow, keyof VehicleRow>>;

export type VehicleFigure = keyof typeof VEHICLE_FIGURE_SOURCE_COLUMN;
export const VEHICLE_FIGURES = Object.keys(VEHICLE_FIGURE_SOURCE_COLUMN) as VehicleFigure[];

/** What a vehicle row holds beyond its own cells once platform facts apply (data/platforms.ts). */
export interface InheritedFigures {
  /** Figures the row takes from its platform, with the sources that back them there. */
  inherited?: Partial<Record<VehicleFigure, readonly string[]>>;
  /** The platform's boost path, where the row's own boost_dc_kw is empty. */
  inheritedBoost?: { exists: boolean; kw: number | null; sources: readonly string[] };
}

/** The ids of the sources (data/sources.yaml) that back one figure of a vehicle row (its platform's, if inherited). */
export function figureSourceIds(vehicle: VehicleRow & InheritedFigures, figure: VehicleFigure): readonly string[] {
  return vehicle.inherited?.[figure] ?? vehicle[VEHICLE_FIGURE_SOURCE_COLUMN[figure]];
}

/** The vehicle's figures that a path of each current rests on. */
export const FIGURES_BY_CURRENT = {
  DC: ['architecture_voltage_v', 'max_dc_kw_oem', 'boost_dc_kw'],
  AC: ['max_ac_kw_oem', 'ac_phases', 'ac_one_phase_a'],
} as const satisfies Record<'DC' | 'AC', readonly VehicleFigure[]>;

/** The ids of the sources behind the vehicle's figures for one current. */
export const currentFigureSourceIds = (vehicle: VehicleRow, current: 'DC' | 'AC'): string[] => [
  ...new Set(FIGURES_BY_CURRENT[current].flatMap((figure) => figureSourceIds(vehicle, figure))),
];
