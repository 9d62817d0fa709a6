// The check runner (build/checks/run.ts): a crashing check is reported and the others run; severities; echoes of rejected rows.
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED } from '../../build/checks/check.ts';
import { TABLE_CHECKS } from '../../build/checks/index.ts';
import { runChecks } from '../../build/checks/run.ts';
import type { TableCheck } from '../../build/checks/check.ts';
import { references } from '../../build/checks/references.ts';
import { located, vehicleRegion } from '../helpers/rows.ts';
import { cleanTables } from '../helpers/check-tables.ts';

const V = 'data/vehicles.csv';

describe('the check runner', () => {
  const crashing: TableCheck = {
    name: 'crashing',
    description: 'throws',
    severity: 'error',
    check: () => {
      throw new Error('boom');
    },
  };
  const styleOnly: TableCheck = {
    name: 'style-only',
    description: 'always one problem',
    severity: 'style',
    check: () => [{ file: V, line: 2, column: 1, check: 'style-only', message: 'style' }],
  };

  it('reports a crashing check as a problem of its own and still runs the others', () => {
    const problems = runChecks([crashing, ...TABLE_CHECKS, styleOnly], cleanTables(), NOTHING_PUBLISHED);
    expect(problems.map((p) => [p.check, p.message])).toEqual([
      ['crashing', 'the check crashed, so its problems are unknown (a bug in the check, not in your data): boom'],
      ['style-only', 'style'],
    ]);
  });

  it('runs only the severities asked for (the build runs errors only)', () => {
    expect(runChecks([styleOnly], cleanTables(), NOTHING_PUBLISHED, { severities: ['error'] })).toEqual([]);
    expect(runChecks([styleOnly], cleanTables(), NOTHING_PUBLISHED, { severities: ['style'] })).toHaveLength(1);
  });

  it('drops a dangling reference to a row the schema rejected, and keeps it otherwise', () => {
    const t = cleanTables();
    t.vehicleRegions.push(located('vehicleRegions', 3, vehicleRegion({ vehicle: 'rejected-car' })));
    expect(runChecks([references], t, NOTHING_PUBLISHED).map((p) => p.message)).toEqual([
      'vehicle "rejected-car" is not defined in data/vehicles.csv',
    ]);
    expect(
      runChecks([references], t, NOTHING_PUBLISHED, { rejected: { vehicles: new Set(['rejected-car']) } }),
    ).toEqual([]);
    expect(runChecks([references], t, NOTHING_PUBLISHED, { rejected: { vehicles: 'all' } })).toEqual([]);
  });
});
