// Rule "dc-power": whether one DC path's voltage window can work, and its peak power from the vehicle, outlet,
// adapter, boost and current caps on record; a missing figure decides the state only where some of its values rule
// the path out.
import { chargerFigureSources, figureSourceIds, outletFigureSources } from '../../data/figure-sources.ts';
import type { ChargerConnectorRow, ChargerRow, VehicleRow } from '../../data/tables.ts';
import { boostFact, type BoostFact } from '../boost.ts';
import { chargerFigure, outletFigure, vehicleFigure } from '../figure-refs.ts';
import { outletCapKw, outletCapSources } from '../outlet.ts';
import { EstimateBuilder } from '../power-estimate.ts';
import type { ConnectionPath, DerivationRule, Pairing, PowerEstimate } from '../rule.ts';

/** From this nominal pack voltage on, a vehicle is 800 V-class: above what a 400-500 V unit delivers. */
export const CLASS_800_V = 600;
/** The highest nominal pack voltage a vehicle row may state (vehicles.csv): a unit reaching it reaches every pack. */
export const HIGHEST_PACK_V = 1000;
/** The lowest nominal pack voltage a vehicle row may state: a unit whose minimum is at or below it reaches every pack. */
export const LOWEST_PACK_V = 200;

/** How the pack meets the unit's output voltage range. */
export type VoltageWindow =
  /** The unit reaches the pack (or nothing on record says it may not, for a 400 V-class pack). */
  | { mode: 'direct'; unchecked: string | null }
  /** The pack is above the unit's maximum and the vehicle boosts: capped at the boost power (null: not stated). */
  | { mode: 'boost'; capKw: number | null }
  /** The unit's maximum or the pack is not stated and the vehicle boosts: direct, or capped at the boost power. */
  | { mode: 'direct-or-boost'; capKw: number | null; missingColumn: 'output_voltage_max_v' | 'architecture_voltage_v' }
  /** A figure not on record decides whether the path works at all. */
  | { mode: 'unknown'; missing: { side: 'vehicle' | 'charger'; column: string; why: string }[] }
  | { mode: 'impossible'; reason: string };

/**
 * Whether the charger's output voltage range reaches the vehicle's pack voltage. A pack above the charger's maximum
 * needs the vehicle's boost path: none rules the path out, one caps its power, an unknown boost leaves it `unk`.
 * Every value a missing voltage could take is considered: it decides the state only where some rule the path out.
 */
export function dcVoltageWindow(vehicle: VehicleRow, charger: ChargerRow, boost: BoostFact): VoltageWindow {
  const pack = vehicle.architecture_voltage_v;
  const { output_voltage_min_v: min, output_voltage_max_v: max } = charger;
  const boostMissing = { side: 'vehicle' as const, column: 'boost_dc_kw', why: 'whether it has a boost path' };
  if (pack === null) {
    // What the unknown pack could fall outside of: the unit's minimum, its maximum (one missing figure, both reasons).
    const outside: string[] = [];
    if (min !== null && min > LOWEST_PACK_V) outside.push(`the unit's minimum is ${min} V`);
    const belowHighest = max !== null && max < HIGHEST_PACK_V;
    if (belowHighest && boost.exists === true && outside.length === 0)
      return { mode: 'direct-or-boost', capKw: boost.kw, missingColumn: 'architecture_voltage_v' };
    if (belowHighest) outside.push(`the unit's maximum is ${max} V`);
    if (outside.length === 0) return { mode: 'direct', unchecked: 'vehicle pack voltage' };
    const missing = [{ side: 'vehicle' as const, column: 'architecture_voltage_v', why: outside.join(' and ') }];
    // Knowing the pack settles it: a boost fact matters only once the pack is known to be above the unit.
    return { mode: 'unknown', missing };
  }
  if (min !== null && min > pack)
    return { mode: 'impossible', reason: `the unit's minimum ${min} V is above the ${pack} V pack` };
  if (max === null) {
    if (pack < CLASS_800_V) return { mode: 'direct', unchecked: 'charger output voltage range' };
    if (boost.exists === true)
      return { mode: 'direct-or-boost', capKw: boost.kw, missingColumn: 'output_voltage_max_v' };
    const unitMax = {
      side: 'charger' as const,
      column: 'output_voltage_max_v',
      why: `an 800 V-class ${pack} V pack may be above it`,
    };
    return { mode: 'unknown', missing: boost.exists === null ? [unitMax, boostMissing] : [unitMax] };
  }
  if (max >= pack) return { mode: 'direct', unchecked: null };
  if (boost.exists === null)
    return {
      mode: 'unknown',
      missing: [{ ...boostMissing, why: `the ${pack} V pack is above the unit's maximum ${max} V` }],
    };
  if (!boost.exists)
    return {
      mode: 'impossible',
      reason: `the unit's maximum ${max} V is below the ${pack} V pack and the vehicle has no boost path`,
    };
  return { mode: 'boost', capKw: boost.kw };
}

export function dcPower(
  pairing: Pick<Pairing, 'vehicle' | 'charger'>,
  path: ConnectionPath,
  unitOutlets: readonly ChargerConnectorRow[],
): PowerEstimate {
  const { vehicle, charger } = pairing;
  const estimate = new EstimateBuilder();
  const boost = boostFact(vehicle);
  const window = dcVoltageWindow(vehicle, charger, boost);
  if (window.mode === 'impossible') return estimate.ruleOut(window.reason).build();
  if (window.mode === 'unknown')
    for (const m of window.missing)
      estimate.decidesState(
        m.side === 'vehicle'
          ? vehicleFigure(vehicle, m.column as 'boost_dc_kw')
          : chargerFigure(charger, m.column as 'output_voltage_max_v'),
        m.why,
      );
  if (window.mode === 'direct' && window.unchecked) estimate.uncheck(window.unchecked);

  const vehicleMax = vehicle.max_dc_kw_oem;
  if (vehicleMax !== null) estimate.cap('vehicle', vehicleMax, figureSourceIds(vehicle, 'max_dc_kw_oem'));
  const outlet = outletCapKw(path.connector, unitOutlets, charger);
  if (outlet !== null) estimate.cap('outlet', outlet, outletCapSources(path.connector, charger));
  else estimate.cap('unit', charger.nominal_max_kw, chargerFigureSources(charger, 'nominal_max_kw'));
  if (path.adapter?.max_kw != null) estimate.cap('adapter', path.adapter.max_kw, path.adapter.source);
  const boosted = window.mode === 'boost' || window.mode === 'direct-or-boost';
  if (boosted && window.capKw !== null)
    estimate.cap('boost', window.capKw, boost.sources, window.mode === 'direct-or-boost');
  // Current × voltage: the pack's voltage when direct, the unit's maximum when boosted. Where the unit's maximum is
  // not stated, current × pack bounds both (a boosted car charges at the unit's lower voltage): a sure cap.
  const amps = path.connector.max_current_a;
  const volts = window.mode === 'boost' ? charger.output_voltage_max_v : vehicle.architecture_voltage_v;
  if (amps !== null && volts !== null)
    estimate.cap('current', (amps * volts) / 1000, [
      ...outletFigureSources(path.connector, 'max_current_a'),
      ...(window.mode === 'boost'
        ? chargerFigureSources(charger, 'output_voltage_max_v')
        : figureSourceIds(vehicle, 'architecture_voltage_v')),
    ]);
  else estimate.uncheck('connector current limit');

  // Figures that change only the power: each leaves a range open.
  if (vehicleMax === null)
    estimate.decidesPower(vehicleFigure(vehicle, 'max_dc_kw_oem'), "the car's own DC peak", null);
  if (outlet === null)
    estimate.decidesPower(
      outletFigure(path.connector, 'max_kw'),
      `the unit has outlets of several types, so its ${charger.nominal_max_kw} kW is not this outlet's`,
      null,
    );
  if (window.mode === 'boost' && window.capKw === null)
    estimate.decidesPower(vehicleFigure(vehicle, 'boost_dc_kw'), 'the power of its boost path', null);
  if (window.mode === 'direct-or-boost') {
    const figure =
      window.missingColumn === 'output_voltage_max_v'
        ? chargerFigure(charger, 'output_voltage_max_v')
        : vehicleFigure(vehicle, 'architecture_voltage_v');
    const why =
      window.missingColumn === 'output_voltage_max_v'
        ? 'whether the unit reaches the pack or the car boosts'
        : "whether the pack is above the unit's maximum and the car boosts";
    // Boosted, a current limit applies at the unit's unknown voltage: nothing on record bounds the power below then.
    const boostedAt = window.capKw === null || amps !== null ? null : Math.min(window.capKw, estimate.surelyCappedAt());
    estimate.decidesPower(figure, why, boostedAt);
  }
  return estimate.build();
}

export const dcPowerRule: DerivationRule = {
  name: 'dc-power',
  stage: 'path',
  input:
    "pack voltage against the charger's output range and the vehicle's boost path; the outlet's `max_kw` (the " +
    "unit's nominal where it has one outlet type, else as the bound of the whole unit), adapter cap, boost cap, " +
    '`max_current_a` × voltage, vehicle `max_dc_kw_oem`',
  conclusion:
    "charger minimum above the pack → `no`; charger maximum below the pack → the vehicle's boost path caps power " +
    '(none → `no`, not on record → `unk`); `unk` only where some value of a missing voltage or boost fact rules the ' +
    'path out (a pack not stated at a unit below 1000 V, an 800 V-class pack at a unit whose maximum is not stated, ' +
    "without a boost path on record). kW = the smallest cap on record; 0 when the car's DC peak is not on record. " +
    'A missing peak, outlet cap, boost power or a voltage that only decides between direct and boosted charging ' +
    'changes the power and the confidence, never the state',
  judge(p, verdict) {
    if (verdict.path.current === 'DC') verdict.power = dcPower(p, verdict.path, p.connectorRows);
  },
};
