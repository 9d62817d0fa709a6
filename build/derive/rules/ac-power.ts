// Rule "ac-power": AC peak power of one path from the outlet, adapter, the phases both sides have, the current per
// phase each side allows (the vehicle's own figure on one phase) and the on-board charger.
import { acPhaseVoltage, type Region } from '../../core/regions.ts';
import type { ChargerConnectorRow, ChargerRow, ConnectorEntry, VehicleRow } from '../../data/tables.ts';
import { OUTLET_CAP_MISSING, outletCapKw } from '../outlet.ts';
import type { ConnectionPath, DerivationRule, PowerEstimate } from '../rule.ts';

const round1 = (kw: number) => Math.round(kw * 10) / 10;

/** The phases the vehicle's on-board charger may have on this inlet: its own figure, 1 through a single-phase inlet. */
function vehiclePhaseOptions(vehicle: VehicleRow, inlet: ConnectorEntry | undefined): number[] {
  if (vehicle.ac_phases !== null) return [vehicle.ac_phases];
  return inlet?.ac_phases === 1 ? [1] : [1, 2, 3];
}

/**
 * What the supply lets a vehicle with `phases` phases draw, in kW: the phases both have × the current per phase
 * both allow × the phase voltage; null when the vehicle has more phases than the supply and its current on one phase
 * (`ac_one_phase_a`) is not known.
 */
export function suppliedKw(
  vehicle: VehicleRow,
  phases: number,
  supply: { phases: number; amps: number },
  volts: number,
): number | null {
  const cap = vehicle.max_ac_kw_oem!;
  const used = Math.min(supply.phases, phases);
  const vehicleAmps = used < phases ? (used === 1 ? vehicle.ac_one_phase_a : null) : (cap * 1000) / (phases * volts);
  return vehicleAmps === null ? null : (used * Math.min(supply.amps, vehicleAmps) * volts) / 1000;
}

export function acPower(
  vehicle: VehicleRow,
  charger: ChargerRow,
  path: ConnectionPath,
  region: Region,
  unitOutlets: readonly ChargerConnectorRow[],
  connectors: ReadonlyMap<string, ConnectorEntry>,
): PowerEstimate {
  const missing: string[] = [];
  const unchecked: string[] = [];
  const vehicleCap = vehicle.max_ac_kw_oem;
  if (vehicleCap === null) missing.push('vehicle max_ac_kw_oem');
  const outlet = outletCapKw(path.connector, unitOutlets, charger);
  if (outlet === null) missing.push(OUTLET_CAP_MISSING);
  if (vehicleCap === null || outlet === null)
    return { kw: null, chargerLimited: false, impossible: null, missing, unchecked };

  const caps = [vehicleCap, outlet];
  if (path.adapter?.max_kw != null) caps.push(path.adapter.max_kw);
  const volts = acPhaseVoltage(region);
  const supplyPhases = path.connector.phases;
  if (supplyPhases === null) unchecked.push('wallbox phases');
  else {
    // Without a current figure, the outlet's power on its phases gives the current per phase.
    const amps = path.connector.max_current_a ?? (outlet * 1000) / (supplyPhases * volts);
    const options = vehiclePhaseOptions(vehicle, connectors.get(path.vehicleInlet));
    const supplied = options.map((phases) => suppliedKw(vehicle, phases, { phases: supplyPhases, amps }, volts));
    const agreed = supplied.every((kw) => kw !== null && round1(kw) === round1(supplied[0]!));
    if (!agreed)
      missing.push(
        vehicle.ac_phases === null
          ? 'vehicle ac_phases'
          : 'vehicle ac_one_phase_a (its current when the supply has one phase)',
      );
    else caps.push(supplied[0]!);
  }
  if (missing.length > 0)
    return { kw: null, chargerLimited: false, impossible: null, missing, unchecked, upperKw: Math.min(...caps) };
  const kw = round1(Math.min(...caps));
  return { kw, chargerLimited: kw < vehicleCap, impossible: null, missing, unchecked };
}

export const acPowerRule: DerivationRule = {
  name: 'ac-power',
  stage: 'path',
  input:
    "the outlet's `max_kw` (the unit's nominal only where it has one outlet type), adapter cap, phases used (the " +
    "fewer of both sides) × current per phase (the lower of both sides: the vehicle's `ac_one_phase_a` when the " +
    "supply has fewer phases than its charger) × the region's phase voltage, vehicle `max_ac_kw_oem`",
  conclusion:
    'kW = the smallest cap; e.g. a 7.4 kW single-phase car on a 3-phase 16 A wallbox gets 3.7 kW, an 11 kW ' +
    'three-phase car that takes 32 A on one phase gets 7.4 kW from a single-phase 32 A wallbox. `unk` when a figure ' +
    "that decides is missing (the vehicle's phases or its current on one phase, where they change the answer)",
  judge(p, verdict) {
    if (verdict.path.current === 'AC')
      verdict.power = acPower(p.vehicle, p.charger, verdict.path, p.region, p.connectorRows, p.data.connectors);
  },
};
