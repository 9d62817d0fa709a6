// Which sources back each figure of a vehicle row: the one list of a vehicle's figures and where each one's citation
// lives (its own column, `<figure>_source`). Tables, checks, derivation, the importer and the docs ask here, never a
// column name of their own.
import type { CurrentKind } from '../core/vocabulary.ts';
import type { VehicleRow } from './tables.ts';

/** Every published figure of a vehicle row, in the file's column order; each cites its sources in its own column. */
export const VEHICLE_FIGURES = [
  'battery_kwh_usable',
  'architecture_voltage_v',
  'max_dc_kw_oem',
  'boost_dc_kw',
  'max_ac_kw_oem',
  'ac_phases',
  'ac_one_phase_a',
] as const;

export type VehicleFigure = (typeof VEHICLE_FIGURES)[number];
export type FigureSourceColumn<F extends VehicleFigure = VehicleFigure> = `${F}_source`;

/** The column that cites the sources of one figure. */
export const figureSourceColumn = <F extends VehicleFigure>(figure: F): FigureSourceColumn<F> => `${figure}_source`;

/** The figures a connection path of each current reads (pack voltage, peaks, boost; on-board charger, phases). */
export const CURRENT_FIGURES: Record<CurrentKind, readonly VehicleFigure[]> = {
  DC: ['architecture_voltage_v', 'max_dc_kw_oem', 'boost_dc_kw'],
  AC: ['max_ac_kw_oem', 'ac_phases', 'ac_one_phase_a'],
};

/** The ids of the sources (data/sources.yaml) that back one figure of a vehicle row. */
export function figureSourceIds(vehicle: VehicleRow, figure: VehicleFigure): readonly string[] {
  return vehicle[figureSourceColumn(figure)];
}

/** The ids of the sources that back any of these figures, each once, in the order first cited. */
export function figuresSourceIds(vehicle: VehicleRow, figures: readonly VehicleFigure[]): string[] {
  return [...new Set(figures.flatMap((figure) => figureSourceIds(vehicle, figure)))];
}
