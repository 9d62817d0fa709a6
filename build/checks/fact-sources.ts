// Check "fact-sources": a vehicle's DC and AC figures each cite the sources that back them (dc_source, ac_source), so
// that an edge can cite exactly the sources of the facts it used.
import type { Problem } from '../data/problems.ts';
import type { TableCheck } from './check.ts';

const NAME = 'fact-sources';
const GROUPS = [
  { column: 'dc_source', figures: ['architecture_voltage_v', 'max_dc_kw_oem', 'boost_dc_kw'] },
  { column: 'ac_source', figures: ['max_ac_kw_oem', 'ac_phases', 'ac_one_phase_a'] },
] as const;

export const factSources: TableCheck = {
  name: NAME,
  severity: 'error',
  description:
    'A vehicle with a DC figure (pack voltage, peak DC, boost) cites dc_source, one with an AC figure (on-board ' +
    'charger, phases) cites ac_source; a group without figures cites nothing.',
  check(t) {
    const problems: Problem[] = [];
    for (const row of t.vehicles) {
      for (const group of GROUPS) {
        const filled = group.figures.filter((figure) => row.value[figure] !== null);
        const cited = row.value[group.column].length > 0;
        if (filled.length > 0 && !cited)
          problems.push({
            ...row.at(group.column),
            check: NAME,
            message:
              `${filled.join(', ')} ${filled.length === 1 ? 'is' : 'are'} filled but ${group.column} ` +
              `cites no source for ${filled.length === 1 ? 'it' : 'them'}`,
          });
        if (filled.length === 0 && cited)
          problems.push({
            ...row.at(group.column),
            check: NAME,
            message: `${group.column} cites sources but none of ${group.figures.join(', ')} is filled`,
          });
      }
    }
    return problems;
  },
};
