// Check "consistency": values within one row or one model that contradict each other.
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'consistency';

export const consistency: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'Voltage ranges are ordered, AC units carry no DC voltage range, a "no" observation has no power, each charger has a connector.',
  check(t) {
    const problems: Problem[] = [];
    const withConnectors = new Set(t.chargerConnectors.map((r) => r.value.charger));
    for (const row of t.chargers) {
      const c = row.value;
      if (
        c.output_voltage_min_v !== null &&
        c.output_voltage_max_v !== null &&
        c.output_voltage_min_v > c.output_voltage_max_v
      ) {
        problems.push({
          ...row.at('output_voltage_min_v'),
          check: NAME,
          message: `output_voltage_min_v (${c.output_voltage_min_v}) is above output_voltage_max_v (${c.output_voltage_max_v})`,
        });
      }
      if (c.current_kind === 'AC' && (c.output_voltage_min_v !== null || c.output_voltage_max_v !== null)) {
        problems.push({
          ...row.at(c.output_voltage_min_v !== null ? 'output_voltage_min_v' : 'output_voltage_max_v'),
          check: NAME,
          message: 'an AC unit has no DC output voltage range; leave it empty',
        });
      }
      if (!withConnectors.has(c.slug)) {
        problems.push({
          ...row.at('slug'),
          check: NAME,
          message: `charger "${c.slug}" has no row in data/charger_connectors.csv, so it is available in no region`,
        });
      }
    }
    for (const row of t.observations) {
      if (row.value.state === 'no' && row.value.kw !== null && row.value.kw !== 0) {
        problems.push({
          ...row.at('kw'),
          check: NAME,
          message: `state "no" means no charging; kw must be empty or 0, got ${row.value.kw}`,
        });
      }
    }
    return problems;
  },
};
