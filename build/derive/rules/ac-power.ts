// Rule "ac-power": AC peak power of one path from wallbox power, current per phase, phases used and the on-board charger.
import type { Region } from '../../data/cells.ts';
import type { ChargerRow, VehicleRow } from '../../data/tables.ts';
import type { ConnectionPath, PowerEstimate } from '../types.ts';

/** Nominal phase voltage: 230 V in Europe, Great Britain and Türkiye; 240 V split-phase in North America. */
export const AC_PHASE_VOLTAGE: Record<Region, number> = { EU: 230, TR: 230, NA: 240, GB: 230 };

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
    const volts = AC_PHASE_VOLTAGE[region];
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
