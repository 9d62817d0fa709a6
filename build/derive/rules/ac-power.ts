// Rule "ac-power": AC peak power of one path from the outlet, adapter, the phases both sides have, the current per
// phase each side allows (the vehicle's own figure on one phase) and the on-board charger; every AC path that meets
// is usable: a missing figure changes only its power.
import { acPhaseVoltage, type Region } from '../../core/regions.ts';
import { chargerFigureSources, figureSourceIds, outletFigureSources } from '../../data/figure-sources.ts';
import type { ChargerConnectorRow, ChargerRow, ConnectorEntry, VehicleRow } from '../../data/tables.ts';
import { outletFigure, vehicleFigure } from '../figure-refs.ts';
import { IMPLIED_AC_PHASES, impliedPhaseOptions } from '../implied-facts.ts';
import { outletCapKw, outletCapSources } from '../outlet.ts';
import { EstimateBuilder, round1 } from '../power-estimate.ts';
import type { ConnectionPath, DerivationRule, PowerEstimate } from '../rule.ts';

/** The phases the vehicle's on-board charger may have on this inlet: its own figure, 1 through a single-phase inlet. */
function vehiclePhaseOptions(
  vehicle: VehicleRow,
  inlet: ConnectorEntry | undefined,
  region: Region,
): { options: number[]; implied: boolean } {
  if (vehicle.ac_phases !== null) return { options: [vehicle.ac_phases], implied: false };
  if (inlet?.ac_phases === 1) return { options: [1], implied: false };
  const implied = impliedPhaseOptions(vehicle, region);
  return implied ? { options: implied, implied: true } : { options: [1, 2, 3], implied: false };
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
  const estimate = new EstimateBuilder();
  const vehicleMax = vehicle.max_ac_kw_oem;
  if (vehicleMax !== null) estimate.cap('vehicle', vehicleMax, figureSourceIds(vehicle, 'max_ac_kw_oem'));
  else estimate.decidesPower(vehicleFigure(vehicle, 'max_ac_kw_oem'), "the car's own on-board charger", null);
  const outlet = outletCapKw(path.connector, unitOutlets, charger);
  if (outlet !== null) estimate.cap('outlet', outlet, outletCapSources(path.connector, charger));
  else {
    estimate.cap('unit', charger.nominal_max_kw, chargerFigureSources(charger, 'nominal_max_kw'));
    estimate.decidesPower(
      outletFigure(path.connector, 'max_kw'),
      `the unit has outlets of several types, so its ${charger.nominal_max_kw} kW is not this outlet's`,
      null,
    );
  }
  if (path.adapter?.max_kw != null) estimate.cap('adapter', path.adapter.max_kw, path.adapter.source);

  const volts = acPhaseVoltage(region);
  const supplyPhases = path.connector.phases;
  const outletAmps = outlet === null || supplyPhases === null ? null : (outlet * 1000) / (supplyPhases * volts);
  const amps = path.connector.max_current_a ?? outletAmps;
  // The supply's phases and current per phase (its own figure, or the outlet's power over its phases).
  const supplySources = [
    ...outletFigureSources(path.connector, 'phases'),
    ...(path.connector.max_current_a !== null
      ? outletFigureSources(path.connector, 'max_current_a')
      : outletCapSources(path.connector, charger)),
  ];
  if (supplyPhases === null) estimate.uncheck('wallbox phases');
  else if (amps === null) estimate.uncheck('outlet current');
  // The supply's own cap is on record whatever the car's figures are.
  else if (path.connector.max_current_a !== null)
    estimate.cap('supply', (supplyPhases * amps * volts) / 1000, supplySources);
  if (supplyPhases !== null && amps !== null && vehicleMax !== null) {
    const { options, implied } = vehiclePhaseOptions(vehicle, connectors.get(path.vehicleInlet), region);
    if (implied) estimate.imply(IMPLIED_AC_PHASES.id);
    const supplied = options.map((phases) => suppliedKw(vehicle, phases, { phases: supplyPhases, amps }, volts));
    const agreed = supplied.every((kw) => kw !== null && round1(kw) === round1(supplied[0]!));
    const phaseSources = [
      ...figureSourceIds(vehicle, 'ac_phases'),
      ...(options.length === 1 && options[0]! > supplyPhases ? figureSourceIds(vehicle, 'ac_one_phase_a') : []),
      ...(implied ? [IMPLIED_AC_PHASES.id] : []),
    ];
    if (agreed) estimate.cap('phases', supplied[0]!, [...phaseSources, ...supplySources]);
    else {
      const known = supplied.filter((kw): kw is number => kw !== null);
      const least = known.length === supplied.length ? Math.min(...known) : null;
      estimate.decidesPower(
        vehicleFigure(vehicle, vehicle.ac_phases === null ? 'ac_phases' : 'ac_one_phase_a'),
        vehicle.ac_phases === null
          ? `how many phases its on-board charger uses on a ${supplyPhases}-phase supply`
          : 'the current it takes when the supply has one phase',
        least,
      );
    }
  }
  return estimate.build();
}

export const acPowerRule: DerivationRule = {
  name: 'ac-power',
  stage: 'path',
  input:
    "the outlet's `max_kw` (the unit's nominal where it has one outlet type, else as the bound of the whole unit), " +
    'adapter cap, phases used (the fewer of both sides) × current per phase (the lower of both sides: the ' +
    "vehicle's `ac_one_phase_a` when the supply has fewer phases than its charger) × the region's phase voltage, " +
    'vehicle `max_ac_kw_oem`; the implied-ac-phases fact where `ac_phases` is empty',
  conclusion:
    'kW = the smallest cap on record; e.g. a 7.4 kW single-phase car on a 3-phase 16 A wallbox gets 3.7 kW, an 11 kW ' +
    'three-phase car that takes 32 A on one phase gets 7.4 kW from a single-phase 32 A wallbox; 0 when the car’s ' +
    'on-board charger is not on record. A missing phase count, one-phase current or outlet cap changes the power ' +
    'and the confidence, never the state',
  judge(p, verdict) {
    if (verdict.path.current === 'AC')
      verdict.power = acPower(p.vehicle, p.charger, verdict.path, p.region, p.connectorRows, p.data.connectors);
  },
};
