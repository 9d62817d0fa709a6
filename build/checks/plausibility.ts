// Check "plausibility": figures inside physical and market ranges, so a typo (kW for kWh, 4000 V) is caught in review.
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'plausibility';

export const PLAUSIBLE = {
  batteryKwh: { min: 10, max: 250 },
  chargerVoltage: { min: 50, max: 1000 },
  /** Up to the model years makers have announced (2028 models are announced in 2026); raise it as they announce more. */
  modelYear: { min: 2010, max: 2028 },
  /** A DC connector's kW may exceed max voltage × max current by this factor at most (rounding in datasheets). */
  powerTolerance: 1.05,
} as const;

export const plausibility: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    `Battery ${PLAUSIBLE.batteryKwh.min}–${PLAUSIBLE.batteryKwh.max} kWh, ` +
    `model year ${PLAUSIBLE.modelYear.min}–${PLAUSIBLE.modelYear.max}, DC kW above AC kW, charger voltages within ` +
    `${PLAUSIBLE.chargerVoltage.min}–${PLAUSIBLE.chargerVoltage.max} V, and a DC connector's kW reachable within the unit's voltage range and current.`,
  check(t) {
    const problems: Problem[] = [];
    const report = (at: { file: string; line: number; column: number }, message: string) =>
      problems.push({ ...at, check: NAME, message });
    const outside = (value: number | null, range: { min: number; max: number }) =>
      value !== null && (value < range.min || value > range.max);

    for (const row of t.vehicles) {
      const v = row.value;
      if (outside(v.battery_kwh_usable, PLAUSIBLE.batteryKwh)) {
        report(
          row.at('battery_kwh_usable'),
          `usable battery ${v.battery_kwh_usable} kWh is outside ${PLAUSIBLE.batteryKwh.min}–${PLAUSIBLE.batteryKwh.max} kWh`,
        );
      }
      if (outside(v.model_year, PLAUSIBLE.modelYear)) {
        report(
          row.at('model_year'),
          `model year ${v.model_year} is outside ${PLAUSIBLE.modelYear.min}–${PLAUSIBLE.modelYear.max}`,
        );
      }
      if (v.max_dc_kw_oem !== null && v.max_ac_kw_oem !== null && v.max_dc_kw_oem <= v.max_ac_kw_oem) {
        report(row.at('max_dc_kw_oem'), `peak DC ${v.max_dc_kw_oem} kW is not above on-board AC ${v.max_ac_kw_oem} kW`);
      }
      if (typeof v.boost_dc_kw === 'number' && v.max_dc_kw_oem !== null && v.boost_dc_kw > v.max_dc_kw_oem) {
        report(row.at('boost_dc_kw'), `boost ${v.boost_dc_kw} kW is above the peak DC ${v.max_dc_kw_oem} kW`);
      }
    }
    const dcChargers = new Map(
      t.chargers.filter((r) => r.value.current_kind === 'DC').map((r) => [r.value.slug, r.value]),
    );
    for (const row of t.chargers) {
      for (const field of ['output_voltage_min_v', 'output_voltage_max_v'] as const) {
        if (outside(row.value[field], PLAUSIBLE.chargerVoltage)) {
          report(
            row.at(field),
            `${field} ${row.value[field]} V is outside ${PLAUSIBLE.chargerVoltage.min}–${PLAUSIBLE.chargerVoltage.max} V`,
          );
        }
      }
    }
    for (const row of t.chargerConnectors) {
      const unit = dcChargers.get(row.value.charger);
      const { max_kw: kw, max_current_a: amps } = row.value;
      if (!unit || kw === null || amps === null || unit.output_voltage_max_v === null) continue;
      const reachable = (unit.output_voltage_max_v * amps) / 1000;
      if (kw > reachable * PLAUSIBLE.powerTolerance) {
        report(
          row.at('max_kw'),
          `${kw} kW cannot be reached: ${unit.output_voltage_max_v} V × ${amps} A is ${Math.round(reachable)} kW`,
        );
      }
      if (kw > unit.nominal_max_kw) {
        report(row.at('max_kw'), `connector max_kw ${kw} is above the unit's nominal_max_kw ${unit.nominal_max_kw}`);
      }
    }
    return problems;
  },
};
