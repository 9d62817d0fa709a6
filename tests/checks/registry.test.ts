// The check registry is complete: every check module of build/checks/ is registered once, under its own name, in the
// order the checks run, with a test file named after it; and no check finds a problem in a consistent set.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTHING_PUBLISHED, type CheckInfo } from '../../build/checks/check.ts';
import { DATA_CHECKS, FILE_CHECKS, OBSERVATION_CHECKS, TABLE_CHECKS } from '../../build/checks/index.ts';
import { checkTables } from '../../build/checks/load-dataset.ts';
import { loadTables } from '../../build/data/load.ts';
import { cleanTables } from '../helpers/check-tables.ts';
import { MINI_FIXTURE, PROJECT_ROOT } from '../helpers/fixture.ts';

const CHECKS_DIR = path.join(PROJECT_ROOT, 'build/checks');

const isCheck = (value: unknown): value is CheckInfo =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CheckInfo).name === 'string' &&
  typeof (value as CheckInfo).description === 'string' &&
  ['error', 'style', 'warning'].includes((value as CheckInfo).severity);

/** Each module of build/checks/ with the checks it exports (the shared modules export none). */
async function checksByModule(): Promise<Map<string, CheckInfo[]>> {
  const modules = new Map<string, CheckInfo[]>();
  for (const file of readdirSync(CHECKS_DIR).filter((name) => name.endsWith('.ts'))) {
    const exported = (await import(path.join(CHECKS_DIR, file))) as Record<string, unknown>;
    modules.set(file.replace(/\.ts$/, ''), Object.values(exported).filter(isCheck));
  }
  return modules;
}

describe('the data check registry', () => {
  it('registers every check module once, under the name of its module', async () => {
    const modules = await checksByModule();
    const checkModules = [...modules].filter(([, checks]) => checks.length > 0);
    for (const [module, checks] of checkModules)
      expect(
        checks.map((check) => check.name),
        module,
      ).toEqual([module]);
    const names = DATA_CHECKS.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(checkModules.map(([module]) => module).sort());
    for (const [module, [check]] of checkModules) expect(DATA_CHECKS, module).toContain(check);
  });

  it('lists the checks in the order they run: the file checks, the table checks, the observation checks', () => {
    expect(DATA_CHECKS).toEqual([...FILE_CHECKS, ...TABLE_CHECKS, ...OBSERVATION_CHECKS]);
    expect(FILE_CHECKS.map((check) => check.name)).toEqual(['format', 'schema', 'plain-text']);
  });

  it('has a test file per check, named after its module', () => {
    for (const { name } of DATA_CHECKS)
      expect(existsSync(path.join(PROJECT_ROOT, 'tests/checks', `${name}.test.ts`)), name).toBe(true);
  });
});

describe('the table checks on sound data', () => {
  it('find no problem in a consistent set', () => {
    for (const check of TABLE_CHECKS) expect(check.check(cleanTables(), NOTHING_PUBLISHED), check.name).toEqual([]);
    expect(checkTables(cleanTables(), NOTHING_PUBLISHED)).toEqual([]);
  });

  it('find no problem in the mini fixture (its slugs were published before the slug conventions, so they are exempt)', () => {
    const { tables: loaded, problems, context } = loadTables(MINI_FIXTURE);
    expect(problems).toEqual([]);
    expect(checkTables(loaded, context)).toEqual([]);
    expect(checkTables(loaded, NOTHING_PUBLISHED).map((problem) => problem.check)).toContain('slug-conventions');
  });
});
