// Rule "shared-protocols": the communication protocols both sides speak over one path (connector baselines plus listed extras).
import type { ChargerRow, ProtocolEntry, VehicleRow } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule } from '../rule.ts';

export interface SharedProtocols {
  /** Sorted, unique protocol ids both sides speak for this current. */
  protocols: string[];
  /** False when one side has no protocol on record for this current: nothing can be concluded. */
  known: boolean;
}

/** Protocols one side speaks on `current` over `connector`: those the connector implies plus the ones listed for it. */
function spoken(
  listed: readonly string[],
  connector: string,
  current: string,
  vocabulary: readonly ProtocolEntry[],
): Set<string> {
  const result = new Set<string>();
  for (const protocol of vocabulary) {
    if (protocol.current !== current) continue;
    if (protocol.implied_by.includes(connector) || listed.includes(protocol.id)) result.add(protocol.id);
  }
  return result;
}

export function sharedProtocols(
  vehicle: VehicleRow,
  charger: ChargerRow,
  path: ConnectionPath,
  vocabulary: readonly ProtocolEntry[],
): SharedProtocols {
  const vehicleSide = spoken(vehicle.protocols, path.vehicleInlet, path.current, vocabulary);
  const chargerSide = spoken(charger.protocols, path.connector.connector, path.current, vocabulary);
  const protocols = [...vehicleSide].filter((id) => chargerSide.has(id)).sort();
  return { protocols, known: vehicleSide.size > 0 && chargerSide.size > 0 };
}

export const sharedProtocolsRule: DerivationRule = {
  name: 'shared-protocols',
  stage: 'path',
  input:
    "protocols each side speaks on the path's current: those its connector implies (`protocols.yaml` `implied_by`) plus its `protocols` column",
  conclusion: '`protocols` = the intersection, sorted; both sides known and nothing shared rules the path out (`no`)',
  judge(p, verdict) {
    const shared = sharedProtocols(p.vehicle, p.charger, verdict.path, p.data.protocols);
    verdict.protocols = shared.protocols;
    verdict.protocolsKnown = shared.known;
  },
};
