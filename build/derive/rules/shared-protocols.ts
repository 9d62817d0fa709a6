// Rule "shared-protocols": the communication protocols both sides speak over one path (connector baselines plus listed
// extras); none shared is a known incompatibility only when a side speaks nothing but another brand's own protocol.
import type { ChargerRow, ProtocolEntry, VehicleRow } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule, ProtocolGap } from '../rule.ts';

export interface SharedProtocols {
  /** Sorted, unique protocol ids both sides speak for this current. */
  protocols: string[];
  /** Null when one is shared; else why none is. */
  gap: ProtocolGap | null;
}

/** Protocols one side speaks on `current` over `connector`: those the connector implies plus the ones listed for it. */
function spoken(
  listed: readonly string[],
  connector: string,
  current: string,
  vocabulary: readonly ProtocolEntry[],
): ProtocolEntry[] {
  return vocabulary.filter(
    (protocol) =>
      protocol.current === current && (protocol.implied_by.includes(connector) || listed.includes(protocol.id)),
  );
}

/** "speaks only Tesla's own protocol": a side whose every protocol belongs to a brand other than the other side's. */
function onlyAnotherBrands(side: readonly ProtocolEntry[], otherBrand: string): string | null {
  if (side.length === 0 || !side.every((p) => p.proprietary_to !== null && p.proprietary_to !== otherBrand))
    return null;
  return [...new Set(side.map((p) => p.proprietary_to))].join(', ');
}

export function sharedProtocols(
  vehicle: VehicleRow,
  charger: ChargerRow,
  path: ConnectionPath,
  vocabulary: readonly ProtocolEntry[],
): SharedProtocols {
  const vehicleSide = spoken(vehicle.protocols, path.vehicleInlet, path.current, vocabulary);
  const chargerSide = spoken(charger.protocols, path.connector.connector, path.current, vocabulary);
  const chargerIds = new Set(chargerSide.map((p) => p.id));
  const protocols = [...new Set(vehicleSide.map((p) => p.id).filter((id) => chargerIds.has(id)))].sort();
  if (protocols.length > 0) return { protocols, gap: null };
  const chargerOnly = onlyAnotherBrands(chargerSide, vehicle.brand);
  if (chargerOnly)
    return {
      protocols,
      gap: {
        incompatible: true,
        reason: `the unit speaks only ${chargerOnly}'s own protocol over ${path.connector.connector}`,
      },
    };
  const vehicleOnly = onlyAnotherBrands(vehicleSide, charger.brand);
  if (vehicleOnly)
    return {
      protocols,
      gap: {
        incompatible: true,
        reason: `the vehicle speaks only ${vehicleOnly}'s own protocol over ${path.vehicleInlet}`,
      },
    };
  const unknownSide = [vehicleSide.length === 0 && 'the vehicle', chargerSide.length === 0 && 'the unit'].filter(
    Boolean,
  );
  return {
    protocols,
    gap: {
      incompatible: false,
      reason:
        unknownSide.length > 0
          ? `no ${path.current} protocol of ${unknownSide.join(' or ')} over ${path.connector.connector} is on record`
          : `no ${path.current} protocol both sides are known to speak over ${path.connector.connector}`,
    },
  };
}

export const sharedProtocolsRule: DerivationRule = {
  name: 'shared-protocols',
  stage: 'path',
  input:
    "protocols each side speaks on the path's current: those its connector implies (`protocols.yaml` `implied_by`) plus its `protocols` column",
  conclusion:
    "`protocols` = the intersection, sorted. None shared: ruled out (`no`) when one side speaks only another brand's " +
    "own protocol (`proprietary_to`, e.g. a Supercharger that speaks only Tesla's to a car of another brand); " +
    'otherwise a gap in what is on record (`unk`)',
  judge(p, verdict) {
    const shared = sharedProtocols(p.vehicle, p.charger, verdict.path, p.data.protocols);
    verdict.protocols = shared.protocols;
    verdict.protocolGap = shared.gap;
  },
};
