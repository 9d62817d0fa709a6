// Rule "connector-match": a charger connector that is the vehicle's inlet for the same current is a direct path.
import type { CurrentKind } from '../../core/vocabulary.ts';
import type { ChargerConnectorRow, ConnectorEntry, VehicleRegionRow } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule } from '../rule.ts';

/** The current a connector carries on a given unit: its only kind, or the unit's kind when it carries both (NACS). */
export function connectorCurrent(connector: ConnectorEntry, unitKind: CurrentKind): CurrentKind {
  return connector.currents.length === 1 && connector.currents[0] ? connector.currents[0] : unitKind;
}

/** Each charger connector in the region with the current it carries and the vehicle inlet for that current (null: none). */
export function connectorSides(
  vehicleRegion: VehicleRegionRow,
  connectorRows: readonly ChargerConnectorRow[],
  unitKind: CurrentKind,
  connectors: ReadonlyMap<string, ConnectorEntry>,
): { connector: ChargerConnectorRow; current: CurrentKind; vehicleInlet: string | null }[] {
  return connectorRows.flatMap((connector) => {
    const entry = connectors.get(connector.connector);
    if (!entry) return [];
    const current = connectorCurrent(entry, unitKind);
    return [{ connector, current, vehicleInlet: current === 'AC' ? vehicleRegion.ac_inlet : vehicleRegion.dc_inlet }];
  });
}

export function directPaths(
  vehicleRegion: VehicleRegionRow,
  connectorRows: readonly ChargerConnectorRow[],
  unitKind: CurrentKind,
  connectors: ReadonlyMap<string, ConnectorEntry>,
): ConnectionPath[] {
  return connectorSides(vehicleRegion, connectorRows, unitKind, connectors)
    .filter((side) => side.vehicleInlet === side.connector.connector)
    .map(({ connector, current, vehicleInlet }) => ({
      current,
      connector,
      vehicleInlet: vehicleInlet!,
      adapter: null,
    }));
}

export const connectorMatch: DerivationRule = {
  name: 'connector-match',
  stage: 'paths',
  input:
    "a charger connector in R and the vehicle's inlet in R for the same current (NACS carries AC on AC units, DC on DC units)",
  conclusion: 'a direct path when they are the same connector',
  paths: (p) => directPaths(p.vehicleRegion, p.connectorRows, p.charger.current_kind, p.data.connectors),
};
