// What the rules derive for each curated observation's pairing, without and with the observation: the facts the
// observation checks hold a curated row to (physics a curated row cannot overrule).
import type { Dataset } from '../data/dataset.ts';
import type { Located } from '../data/load.ts';
import type { ObservationRow } from '../data/tables.ts';
import { directPaths } from '../derive/rules/connector-match.ts';
import { adapterPaths } from '../derive/rules/adapter-path.ts';
import { pairingOf } from '../derive/rules/availability.ts';
import type { ConnectionPath, EdgeDraft } from '../derive/rule.ts';
import { deriveDraft } from '../derive/derive-edge.ts';

/** What the rules say about an observed pairing, before the observation. */
export interface ObservedPairing {
  row: Located<ObservationRow>;
  direct: ConnectionPath[];
  throughAdapter: ConnectionPath[];
  /** The vehicle's own maximum for the current of the pairing's paths (null when unknown). */
  vehicleMaxKw: number | null;
  /** The kW the rules give the pairing without the observation (0 when they give none). */
  derivedKw: number;
  /** The edge as published: the rules' paths, with the observation applied. */
  edge: EdgeDraft;
}

/** The observed pairings that exist (the references check reports the others). */
export function observedPairings(data: Dataset, rows: readonly Located<ObservationRow>[]): ObservedPairing[] {
  const bare: Dataset = { ...data, observations: new Map() };
  const vehicles = new Map(data.vehicles.map((v) => [v.slug, v]));
  const chargers = new Map(data.chargers.map((c) => [c.slug, c]));
  return rows.flatMap((row) => {
    const vehicle = vehicles.get(row.value.vehicle);
    const charger = chargers.get(row.value.charger);
    const pairing = vehicle && charger ? pairingOf(data, vehicle, charger, row.value.region) : null;
    if (!pairing || !vehicle || !charger) return [];
    const direct = directPaths(pairing.vehicleRegion, pairing.connectorRows, charger.current_kind, data.connectors);
    const throughAdapter = adapterPaths(pairing);
    const currents = new Set([...direct, ...throughAdapter].map((path) => path.current));
    const current = currents.size === 1 ? [...currents][0] : charger.current_kind;
    const derivedKw = deriveDraft(bare, vehicle, charger, row.value.region)?.kw ?? 0;
    const edge = deriveDraft(data, vehicle, charger, row.value.region)!;
    return [
      {
        row,
        direct,
        throughAdapter,
        vehicleMaxKw: current === 'DC' ? vehicle.max_dc_kw_oem : vehicle.max_ac_kw_oem,
        derivedKw,
        edge,
      },
    ];
  });
}
