// Rule "dc-power": DC peak power of one path from the voltage window, charger, outlet, adapter and current limits.
import type { ChargerConnectorRow, ChargerRow, VehicleRow } from '../../data/tables.ts';
import { OUTLET_CAP_MISSING, outletCapKw } from '../outlet.ts';
import type { ConnectionPath, DerivationRule, PowerEstimate } from '../rule.ts';

/** From this nominal pack voltage on, a vehicle is 800 V-class: above what a 400-500 V unit delivers. */
export const CLASS_800_V = 600;
/** The highest nominal pack voltage a vehicle row may state (vehicles.csv): a unit reaching it reaches every pack. */
export const HIGHEST_PACK_V = 1000;

export type VoltageWindow =
  | { mode: 'direct' }
  | { mode: 'unchecked'; reason: string }
  | { mode: 'unknown'; missing: string }
  /** The unit's maximum is not stated and the pack may be above it: direct, or capped at the vehicle's boost power. */
  | { mode: 'direct-or-boost'; capKw: number; missing: string }
  | { mode: 'boost'; capKw: number }
  | { mode: 'impossible'; reason: string };

/**
 * Whether the charger's output voltage range reaches the vehicle's pack voltage. A pack above the charger's maximum
 * needs the vehicle's boost path (boost_dc_kw): 0 means none, empty means unknown. A missing voltage is needed (the
 * edge is unk) where the other side's known figure shows it decides: a pack not stated at a unit whose maximum is
 * below the highest pack, an 800 V-class pack at a unit whose maximum is not stated.
 */
export function dcVoltageWindow(vehicle: VehicleRow, charger: ChargerRow): VoltageWindow {
  const pack = vehicle.architecture_voltage_v;
  const { output_voltage_min_v: min, output_voltage_max_v: max } = charger;
  if (pack === null) {
    if (max !== null && max < HIGHEST_PACK_V)
      return { mode: 'unknown', missing: `vehicle architecture_voltage_v (the unit's maximum is ${max} V)` };
    return { mode: 'unchecked', reason: 'vehicle pack voltage' };
  }
  if (min !== null && min > pack)
    return { mode: 'impossible', reason: `the unit's minimum ${min} V is above the ${pack} V pack` };
  if (max === null) {
    if (pack < CLASS_800_V) return { mode: 'unchecked', reason: 'charger output voltage range' };
    const missing = `charger output_voltage_max_v (an 800 V-class ${pack} V pack may be above it)`;
    const boost = vehicle.boost_dc_kw;
    return boost !== null && boost > 0
      ? { mode: 'direct-or-boost', capKw: boost, missing }
      : { mode: 'unknown', missing };
  }
  if (max >= pack) return { mode: 'direct' };
  if (vehicle.boost_dc_kw === null)
    return {
      mode: 'unknown',
      missing: `vehicle boost_dc_kw (the ${pack} V pack is above the unit's maximum ${max} V)`,
    };
  if (vehicle.boost_dc_kw === 0)
    return {
      mode: 'impossible',
      reason: `the unit's maximum ${max} V is below the ${pack} V pack and the vehicle has no boost path`,
    };
  return { mode: 'boost', capKw: vehicle.boost_dc_kw };
}

const round1 = (kw: number) => Math.round(kw * 10) / 10;

export function dcPower(
  vehicle: VehicleRow,
  charger: ChargerRow,
  path: ConnectionPath,
  unitOutlets: readonly ChargerConnectorRow[],
): PowerEstimate {
  const missing: string[] = [];
  const unchecked: string[] = [];
  const window = dcVoltageWindow(vehicle, charger);
  if (window.mode === 'impossible')
    return { kw: 0, chargerLimited: false, impossible: window.reason, missing, unchecked };
  if (window.mode === 'unknown') missing.push(window.missing);
  if (window.mode === 'unchecked') unchecked.push(window.reason);

  const outlet = outletCapKw(path.connector, unitOutlets, charger);
  if (outlet === null) missing.push(OUTLET_CAP_MISSING);
  const chargerCaps: number[] = outlet === null ? [] : [outlet];
  if (path.adapter?.max_kw != null) chargerCaps.push(path.adapter.max_kw);
  if (window.mode === 'boost') chargerCaps.push(window.capKw);
  const voltage = window.mode === 'boost' ? charger.output_voltage_max_v : vehicle.architecture_voltage_v;
  if (path.connector.max_current_a !== null && voltage !== null)
    chargerCaps.push((path.connector.max_current_a * voltage) / 1000);
  else unchecked.push('connector current limit');

  const vehicleCap = vehicle.max_dc_kw_oem;
  if (vehicleCap === null) missing.push('vehicle max_dc_kw_oem');
  if (window.mode === 'direct-or-boost') {
    // Direct or boosted gives the same power when the boost is no lower than every other cap (and no current limit,
    // which the unknown maximum voltage would change, applies): the unit's maximum does not decide.
    const decides =
      path.connector.max_current_a !== null || window.capKw < Math.min(vehicleCap ?? Infinity, ...chargerCaps);
    if (decides) missing.push(window.missing);
    else unchecked.push('charger output voltage range');
  }
  if (missing.length > 0 || vehicleCap === null) {
    const upperKw = Math.min(vehicleCap ?? Infinity, ...chargerCaps);
    return { kw: null, chargerLimited: false, impossible: null, missing, unchecked, upperKw };
  }
  const kw = round1(Math.min(vehicleCap, ...chargerCaps));
  return { kw, chargerLimited: kw < vehicleCap, impossible: null, missing, unchecked };
}

export const dcPowerRule: DerivationRule = {
  name: 'dc-power',
  stage: 'path',
  input:
    "pack voltage against the charger's output range; the outlet's `max_kw` (the unit's nominal only where it has " +
    'one outlet type), adapter cap, boost cap, `max_current_a` × voltage, vehicle `max_dc_kw_oem`',
  conclusion:
    "charger minimum above the pack → `no`; charger maximum below the pack → the vehicle's `boost_dc_kw` caps power " +
    "(0 → `no`, empty → `unk`); kW = the smallest cap. `unk` when a figure that decides is missing: the vehicle's " +
    "peak, the outlet's cap on a multi-standard unit, the pack voltage at a unit whose maximum is below 1000 V, the " +
    "unit's maximum for an 800 V-class pack (600 V and up) whose boost power would lower the answer",
  judge(p, verdict) {
    if (verdict.path.current === 'DC') verdict.power = dcPower(p.vehicle, p.charger, verdict.path, p.connectorRows);
  },
};
