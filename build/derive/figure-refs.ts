// Names a figure by where it lives in data/ (file, row key, column), as the explain documents and the wanted list do.
import type { ChargerConnectorRow, ChargerRow, VehicleRow } from '../data/tables.ts';
import type { FigureRef } from './rule.ts';

export const vehicleFigure = (vehicle: VehicleRow, column: keyof VehicleRow): FigureRef => ({
  file: 'vehicles.csv',
  row: vehicle.slug,
  column,
});

export const chargerFigure = (charger: ChargerRow, column: keyof ChargerRow): FigureRef => ({
  file: 'chargers.csv',
  row: charger.slug,
  column,
});

/** An outlet's row is keyed by charger, region and connector, as charger_connectors.csv's unique-key check names it. */
export const outletFigure = (outlet: ChargerConnectorRow, column: keyof ChargerConnectorRow): FigureRef => ({
  file: 'charger_connectors.csv',
  row: `${outlet.charger} ${outlet.region} ${outlet.connector}`,
  column,
});

/** "vehicles.csv kia-ev6-… architecture_voltage_v": how a reason names a figure. */
export const figureText = (figure: FigureRef): string => `${figure.file} ${figure.row} ${figure.column}`;
