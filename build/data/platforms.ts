// Platform facts: the platform a variant is built on (data/platform_members.csv) and what it inherits from it
// (data/platforms.csv): the voltage class and the boost path, where the variant's own row is silent.
import type { PlatformMemberRow, PlatformRow, VehicleRow } from './tables.ts';
import type { InheritedFigures } from './figure-sources.ts';

/** The member row that puts a vehicle on a platform: same brand and family, its model year within the range. */
export function membershipOf(
  vehicle: Pick<VehicleRow, 'brand' | 'family' | 'model_year'>,
  members: readonly PlatformMemberRow[],
): PlatformMemberRow[] {
  return members.filter(
    (m) =>
      m.brand === vehicle.brand &&
      m.family === vehicle.family &&
      (m.model_year_from === null || vehicle.model_year >= m.model_year_from) &&
      (m.model_year_to === null || vehicle.model_year <= m.model_year_to),
  );
}

/**
 * The vehicle as the rules see it: its own figures, and the platform's voltage class and boost path where its own
 * row has none, each inherited figure citing the platform's and the membership's sources.
 */
export function withPlatformFacts(
  vehicle: VehicleRow,
  platforms: ReadonlyMap<string, PlatformRow>,
  members: readonly PlatformMemberRow[],
): VehicleRow & InheritedFigures {
  const member = membershipOf(vehicle, members)[0];
  const platform = member && platforms.get(member.platform);
  if (!member || !platform) return vehicle;
  const cite = (facts: readonly string[]) => [...new Set([...facts, ...member.source])].sort();
  const inherited: InheritedFigures['inherited'] = {};
  let pack = vehicle.architecture_voltage_v;
  if (pack === null && platform.voltage_class_v !== null) {
    pack = platform.voltage_class_v;
    inherited.architecture_voltage_v = cite(platform.source);
  }
  const boost =
    vehicle.boost_dc_kw === null && platform.boost !== null
      ? {
          exists: platform.boost === 'yes',
          kw: platform.boost === 'yes' ? platform.boost_dc_kw : null,
          sources: cite(platform.source),
        }
      : undefined;
  if (!inherited.architecture_voltage_v && !boost) return vehicle;
  return { ...vehicle, architecture_voltage_v: pack, inherited, ...(boost ? { inheritedBoost: boost } : {}) };
}
