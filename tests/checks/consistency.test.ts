// The "consistency" check (build/checks/consistency.ts), at the exact position of each problem it reports.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { consistency } from '../../build/checks/consistency.ts';
import { charger, located, observation, wallbox } from '../helpers/rows.ts';
import { cleanTables } from '../helpers/check-tables.ts';

const C = 'data/chargers.csv';

describe('consistency', () => {
  const problem = (file: string, line: number, column: number, message: string) => ({
    file,
    line,
    column,
    check: 'consistency',
    message,
  });

  it('reports a DC voltage range whose minimum is above its maximum', () => {
    const t = cleanTables();
    t.chargers.push(
      located('chargers', 4, charger({ slug: 'test-hpc-350', output_voltage_min_v: 900, output_voltage_max_v: 500 })),
    );
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem(C, 4, 7, 'output_voltage_min_v (900) is above output_voltage_max_v (500)'),
    ]);
  });

  it('reports a voltage range on an AC unit, at the first filled column', () => {
    const t = cleanTables();
    t.chargers.push(
      located('chargers', 4, wallbox({ output_voltage_min_v: 200 })),
      located('chargers', 5, wallbox({ output_voltage_max_v: 400 })),
    );
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem(C, 4, 7, 'an AC unit has no DC output voltage range; leave it empty'),
      problem(C, 5, 9, 'an AC unit has no DC output voltage range; leave it empty'),
    ]);
  });

  it('reports a charger without any connector row', () => {
    const t = cleanTables();
    t.chargers.push(located('chargers', 4, charger({ slug: 'lonely-box' })));
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem(
        C,
        4,
        1,
        'charger "lonely-box" has no row in data/charger_connectors.csv, so it is available in no region',
      ),
    ]);
  });

  it('reports a "no" observation with power, but accepts 0 or empty', () => {
    const t = cleanTables();
    t.observations.push(
      located('observations', 3, observation({ state: 'no', kw: 50 })),
      located('observations', 4, observation({ state: 'no', kw: 0 })),
      located('observations', 5, observation({ state: 'no', kw: null })),
    );
    expect(consistency.check(t, NOTHING_PUBLISHED)).toEqual([
      problem('data/observations.csv', 3, 5, 'state "no" means no charging; kw must be empty or 0, got 50'),
    ]);
  });
});
