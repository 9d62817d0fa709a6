// Rule "adapter-path": where the connector is not the inlet, an adapter sold in the region may bridge them.
import type { Region } from '../../core/regions.ts';
import type { CurrentKind } from '../../core/vocabulary.ts';
import type { AdapterEntry, ChargerConnectorRow, ConnectorEntry, VehicleRegionRow } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule } from '../rule.ts';
import { connectorSides } from './connector-match.ts';

export function adapterPaths(
  vehicleRegion: VehicleRegionRow,
  connectorRows: readonly ChargerConnectorRow[],
  unitKind: CurrentKind,
  connectors: ReadonlyMap<string, ConnectorEntry>,
  adapters: readonly AdapterEntry[],
  region: Region,
): ConnectionPath[] {
  const paths: ConnectionPath[] = [];
  for (const { connector, current, vehicleInlet } of connectorSides(vehicleRegion, connectorRows, unitKind, connectors)) {
    if (vehicleInlet === null || vehicleInlet === connector.connector) continue;
    for (const adapter of adapters) {
      if (adapter.current === current && adapter.charger_connector === connector.connector && adapter.vehicle_inlet === vehicleInlet && adapter.regions.includes(region)) {
        paths.push({ current, connector, vehicleInlet, adapter });
      }
    }
  }
  return paths;
}

export const adapterPath: DerivationRule = {
  name: 'adapter-path',
  stage: 'paths',
  input: 'a charger connector that is not the inlet, and an adapter in `adapters.yaml` from that connector to that inlet, sold in R',
  conclusion: "a path through the adapter; the adapter's `max_kw` caps power",
  paths: (p) => adapterPaths(p.vehicleRegion, p.connectorRows, p.charger.current_kind, p.data.connectors, p.data.adapters, p.region),
};
