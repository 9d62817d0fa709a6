// Rules "connector-match" and "adapter-path": the physical ways a vehicle inlet meets a charger connector in a region.
import type { Region } from '../../data/cells.ts';
import type { AdapterEntry, ChargerConnectorRow, ConnectorEntry, CurrentKind, VehicleRegionRow } from '../../data/tables.ts';
import type { ConnectionPath } from '../types.ts';

/** The current a connector carries on a given unit: its only kind, or the unit's kind when it carries both (NACS). */
export function connectorCurrent(connector: ConnectorEntry, unitKind: CurrentKind): CurrentKind {
  return connector.currents.length === 1 && connector.currents[0] ? connector.currents[0] : unitKind;
}

/**
 * Every path from the charger's connectors in `region` to the vehicle's inlet for the same current:
 * direct when the connector is the inlet, otherwise through an adapter sold for that region.
 */
export function connectionPaths(
  vehicleRegion: VehicleRegionRow,
  connectorRows: readonly ChargerConnectorRow[],
  unitKind: CurrentKind,
  connectors: ReadonlyMap<string, ConnectorEntry>,
  adapters: readonly AdapterEntry[],
  region: Region,
): ConnectionPath[] {
  const paths: ConnectionPath[] = [];
  for (const connector of connectorRows) {
    const entry = connectors.get(connector.connector);
    if (!entry) continue;
    const current = connectorCurrent(entry, unitKind);
    const vehicleInlet = current === 'AC' ? vehicleRegion.ac_inlet : vehicleRegion.dc_inlet;
    if (vehicleInlet === null) continue;
    if (vehicleInlet === connector.connector) {
      paths.push({ current, connector, vehicleInlet, adapter: null });
      continue;
    }
    for (const adapter of adapters) {
      if (
        adapter.current === current &&
        adapter.charger_connector === connector.connector &&
        adapter.vehicle_inlet === vehicleInlet &&
        adapter.regions.includes(region)
      ) {
        paths.push({ current, connector, vehicleInlet, adapter });
      }
    }
  }
  return paths;
}
