// Rule "dc-power": DC peak power of one path from the voltage window, charger, connector, adapter and current limits.
import type { ChargerRow, VehicleRow } from '../../data/tables.ts';
import type { ConnectionPath, DerivationRule, PowerEstimate } from '../rule.ts';

export type VoltageWindow =
  | { mode: 'direct' }
  | { mode: 'unchecked'; reason: string }
  | { mode: 'boost'; capKw: number }
  | { mode: 'boost-unknown' }
  | { mode: 'impossible'; reason: string };

/**
 * Whether the charger's output voltage range reaches the vehicle's pack voltage. A pack above the charger's
 * maximum needs the vehicle's boost path (boost_dc_kw): 0 means none, empty means unknown.
 */
export function dcVoltageWindow(vehicle: VehicleRow, charger: ChargerRow): VoltageWindow {
  const pack = vehicle.architecture_voltage_v;
  const { output_voltage_min_v: min, output_voltage_max_v: max } = charger;
  if (pack === null) return { mode: 'unchecked', reason: 'vehicle pack voltage' };
  if (min !== null && min > pack)
    return { mode: 'impossible', reason: `charger minimum ${min} V is above the ${pack} V pack` };
  if (max === null) return { mode: 'unchecked', reason: 'charger output voltage range' };
  if (max >= pack) return { mode: 'direct' };
  if (vehicle.boost_dc_kw === null) return { mode: 'boost-unknown' };
  if (vehicle.boost_dc_kw === 0)
    return {
      mode: 'impossible',
      reason: `charger maximum ${max} V is below the ${pack} V pack and the vehicle has no boost path`,
    };
  return { mode: 'boost', capKw: vehicle.boost_dc_kw };
}

const round1 = (kw: number) => Math.round(kw * 10) / 10;

export function dcPower(vehicle: VehicleRow, charger: ChargerRow, path: ConnectionPath): PowerEstimate {
  const missing: string[] = [];
  const unchecked: string[] = [];
  const window = dcVoltageWindow(vehicle, charger);
  if (window.mode === 'impossible')
    return { kw: 0, chargerLimited: false, impossible: window.reason, missing, unchecked };
  if (window.mode === 'boost-unknown') missing.push('vehicle boost_dc_kw (pack voltage is above the charger maximum)');
  if (window.mode === 'unchecked') unchecked.push(window.reason);

  const chargerCaps: number[] = [path.connector.max_kw ?? charger.nominal_max_kw];
  if (path.adapter?.max_kw != null) chargerCaps.push(path.adapter.max_kw);
  if (window.mode === 'boost') chargerCaps.push(window.capKw);
  const voltage = window.mode === 'boost' ? charger.output_voltage_max_v : vehicle.architecture_voltage_v;
  if (path.connector.max_current_a !== null && voltage !== null)
    chargerCaps.push((path.connector.max_current_a * voltage) / 1000);
  else unchecked.push('connector current limit');
  const chargerCap = Math.min(...chargerCaps);

  const vehicleCap = vehicle.max_dc_kw_oem;
  if (vehicleCap === null) missing.push('vehicle max_dc_kw_oem');
  if (missing.length > 0) return { kw: null, chargerLimited: false, impossible: null, missing, unchecked };
  const kw = round1(Math.min(vehicleCap as number, chargerCap));
  return { kw, chargerLimited: kw < (vehicleCap as number), impossible: null, missing, unchecked };
}

export const dcPowerRule: DerivationRule = {
  name: 'dc-power',
  stage: 'path',
  input:
    "pack voltage against the charger's output range; connector `max_kw` (else the unit's nominal), adapter cap, boost cap, `max_current_a` × voltage, vehicle `max_dc_kw_oem`",
  conclusion:
    "charger minimum above the pack → `no`; charger maximum below the pack → the vehicle's `boost_dc_kw` caps power (0 → `no`, empty → `unk`); kW = the smallest cap; vehicle figure missing → `unk`",
  judge(p, verdict) {
    if (verdict.path.current === 'DC') verdict.power = dcPower(p.vehicle, p.charger, verdict.path);
  },
};
