// Rule "adapter-path": where the connector is not the inlet, an adapter programme may bridge them: only for the
// vehicles it covers (brand, family, model years), at the chargers it admits, in its regions, from its start.
import type { ChargerRow, VehicleRow } from '../../data/tables.ts';
import type { AdapterEntry } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule, Pairing } from '../rule.ts';
import { connectorSides } from './connector-match.ts';

/** Whether an adapter programme admits this vehicle at this charger in this region on `asOf` (null: before any release). */
export function programmeCovers(
  adapter: AdapterEntry,
  vehicle: VehicleRow,
  charger: ChargerRow,
  region: string,
  asOf: string | null,
): boolean {
  if (!(adapter.regions as readonly string[]).includes(region)) return false;
  if (!adapter.brands.includes(vehicle.brand)) return false;
  if (adapter.families.length > 0 && !adapter.families.includes(vehicle.family)) return false;
  const years = adapter.model_years;
  if (
    years &&
    ((years.from !== null && vehicle.model_year < years.from) || (years.to !== null && vehicle.model_year > years.to))
  )
    return false;
  if (adapter.chargers.length > 0 && !adapter.chargers.includes(charger.slug)) return false;
  return adapter.starts === null || asOf === null || adapter.starts <= asOf;
}

export function adapterPaths(p: Pairing): ConnectionPath[] {
  const paths: ConnectionPath[] = [];
  for (const { connector, current, vehicleInlet } of connectorSides(
    p.vehicleRegion,
    p.connectorRows,
    p.charger.current_kind,
    p.data.connectors,
  )) {
    if (vehicleInlet === null || vehicleInlet === connector.connector) continue;
    for (const adapter of p.data.adapters) {
      const fits =
        adapter.current === current &&
        adapter.charger_connector === connector.connector &&
        adapter.vehicle_inlet === vehicleInlet;
      if (fits && programmeCovers(adapter, p.vehicle, p.charger, p.region, p.data.asOf))
        paths.push({ current, connector, vehicleInlet, adapter });
    }
  }
  return paths;
}

export const adapterPath: DerivationRule = {
  name: 'adapter-path',
  stage: 'paths',
  input:
    'a charger connector that is not the inlet, and an adapter programme in `adapters.yaml` from that connector to ' +
    'that inlet, in R, covering the vehicle (brand, family, model years) and the charger, opened on or before the ' +
    'release day',
  conclusion: "a path through the adapter; the adapter's `max_kw` caps power",
  paths: adapterPaths,
};
