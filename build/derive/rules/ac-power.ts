// Rule "ac-power": AC peak power of one path from wallbox power, current per phase, phases used and the on-board charger.
import { acPhaseVoltage, type Region } from '../../core/regions.ts';
import type { ChargerRow, VehicleRow } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule, PowerEstimate } from '../rule.ts';

const round1 = (kw: number) => Math.round(kw * 10) / 10;

export function acPower(vehicle: VehicleRow, charger: ChargerRow, path: ConnectionPath, region: Region): PowerEstimate {
  const unchecked: string[] = [];
  const vehicleCap = vehicle.max_ac_kw_oem;
  if (vehicleCap === null) {
    return { kw: null, chargerLimited: false, impossible: null, missing: ['vehicle max_ac_kw_oem'], unchecked };
  }
  const caps: number[] = [path.connector.max_kw ?? charger.nominal_max_kw];
  if (path.adapter?.max_kw != null) caps.push(path.adapter.max_kw);
  const { max_current_a: amps, phases } = path.connector;
  if (amps !== null && phases !== null && vehicle.ac_phases !== null) {
    // A vehicle draws at most its own current per phase, on no more phases than both sides have.
    const volts = acPhaseVoltage(region);
    const vehicleAmps = (vehicleCap * 1000) / (vehicle.ac_phases * volts);
    const phasesUsed = Math.min(phases, vehicle.ac_phases);
    caps.push((phasesUsed * Math.min(amps, vehicleAmps) * volts) / 1000);
  } else {
    unchecked.push('AC phases or current per phase');
  }
  const chargerCap = Math.min(...caps);
  const kw = round1(Math.min(vehicleCap, chargerCap));
  return { kw, chargerLimited: kw < vehicleCap, impossible: null, missing: [], unchecked };
}

export const acPowerRule: DerivationRule = {
  name: 'ac-power',
  stage: 'path',
  input:
    "wallbox `max_kw`, adapter cap, phases used (the fewer of both sides) × current per phase (the lower of both sides) × the region's phase voltage, vehicle `max_ac_kw_oem`",
  conclusion: 'kW = the smallest cap; e.g. a 7.4 kW single-phase car on a 3-phase 16 A wallbox gets 3.7 kW',
  judge(p, verdict) {
    if (verdict.path.current === 'AC') verdict.power = acPower(p.vehicle, p.charger, verdict.path, p.region);
  },
};
