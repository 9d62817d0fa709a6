// Derives one compatibility edge (vehicle × charger × region) by the rules in ./rules, then applies a curated observation.
import type { Region } from '../data/cells.ts';
import { observationKey, type Dataset } from '../data/dataset.ts';
import type { ChargerRow, SourceKind, State, VehicleRow } from '../data/tables.ts';
import { acPower } from './rules/ac-power.ts';
import { derivedConfidence, observedConfidence } from './rules/confidence.ts';
import { connectionPaths } from './rules/connection-paths.ts';
import { dcPower } from './rules/dc-power.ts';
import { sharedProtocols } from './rules/shared-protocols.ts';
import { compareVerdicts, statePrecedence } from './rules/state.ts';
import type { ConnectionPath, PathVerdict } from './types.ts';

/** Semver of the rule set: patch = data-only effect, minor = new rule, major = a change that can flip states. */
export const DERIVATION_VERSION = '1.0.0';

/** The edge's facts before rendering; `sourceIds` are ids in dataset.sources, plus DERIVED_SOURCE_ID when rules decided. */
export interface EdgeFacts {
  vehicle: string;
  charger: string;
  region: Region;
  kw: number;
  state: State;
  confidence: number;
  protocols: string[];
  adapterRequired: boolean;
  sourceIds: string[];
}

export const DERIVED_SOURCE_ID = 'derivation-rules';

function judgePath(vehicle: VehicleRow, charger: ChargerRow, path: ConnectionPath, region: Region, data: Dataset): PathVerdict {
  const power = path.current === 'DC' ? dcPower(vehicle, charger, path) : acPower(vehicle, charger, path, region);
  const shared = sharedProtocols(vehicle, charger, path, data.protocols);
  const noSharedProtocol = shared.known && shared.protocols.length === 0;
  const state = statePrecedence({
    impossible: power.impossible !== null || noSharedProtocol,
    unknown: power.missing.length > 0,
    adapter: path.adapter !== null,
    chargerLimited: power.chargerLimited,
  });
  return {
    path,
    state,
    kw: state === 'no' ? 0 : (power.kw ?? 0),
    protocols: shared.protocols,
    protocolsKnown: shared.known,
    unchecked: power.unchecked,
  };
}

/** The edge for a pairing in a region, or null when the vehicle or the charger is not available there. */
export function deriveEdge(data: Dataset, vehicle: VehicleRow, charger: ChargerRow, region: Region): EdgeFacts | null {
  const vehicleRegion = data.vehicleRegions.get(vehicle.slug)?.get(region);
  const connectorRows = data.chargerConnectors.get(charger.slug)?.get(region);
  if (!vehicleRegion || !connectorRows) return null;

  const paths = connectionPaths(vehicleRegion, connectorRows, charger.current_kind, data.connectors, data.adapters, region);
  const verdicts = paths.map((path) => judgePath(vehicle, charger, path, region, data)).sort(
    // Ties are broken by connector and adapter id, so the order of rows in data/ never changes the output.
    (a, b) =>
      compareVerdicts(a, b) ||
      a.path.connector.connector.localeCompare(b.path.connector.connector) ||
      (a.path.adapter?.id ?? '').localeCompare(b.path.adapter?.id ?? ''),
  );
  const best = verdicts[0];
  const sourceIds = new Set([...vehicle.source, ...vehicleRegion.source, ...charger.source, DERIVED_SOURCE_ID]);
  for (const row of best ? [best.path.connector] : connectorRows) row.source.forEach((id) => sourceIds.add(id));
  best?.path.adapter?.source.forEach((id) => sourceIds.add(id));

  const state: State = best?.state ?? 'no';
  const derived: EdgeFacts = {
    vehicle: vehicle.slug,
    charger: charger.slug,
    region,
    kw: best?.kw ?? 0,
    state,
    confidence: derivedConfidence({
      state,
      noPhysicalPath: best === undefined,
      adapter: best?.path.adapter != null,
      protocolsKnown: best?.protocolsKnown ?? true,
      uncheckedInputs: best?.unchecked.length ?? 0,
    }),
    protocols: best?.protocols ?? [],
    adapterRequired: state === 'adp',
    sourceIds: [...sourceIds].sort(),
  };
  return applyObservation(derived, data);
}

/** Rule "curated-observation": a sourced real-world observation replaces the derived state and power. */
export function applyObservation(edge: EdgeFacts, data: Dataset): EdgeFacts {
  const observation = data.observations.get(observationKey(edge.vehicle, edge.charger, edge.region));
  if (!observation) return edge;
  const kinds = observation.source.map((id) => data.sources.get(id)?.kind).filter((k): k is SourceKind => k !== undefined);
  const kw = observation.state === 'no' ? 0 : (observation.kw ?? edge.kw);
  return {
    ...edge,
    state: observation.state,
    kw,
    confidence: observedConfidence(kinds),
    adapterRequired: observation.state === 'adp',
    sourceIds: [...new Set([...edge.sourceIds.filter((id) => id !== DERIVED_SOURCE_ID), ...observation.source])].sort(),
  };
}
