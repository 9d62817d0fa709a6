// The rule registry is complete: every module of build/derive/rules/ is registered once under its own name, in stage
// order, and has a test file named after it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DERIVATION_RULES } from '../../../build/derive/rules/index.ts';
import { PROJECT_ROOT } from '../../helpers/fixture.ts';

const RULES_DIR = path.join(PROJECT_ROOT, 'build/derive/rules');
const modules = readdirSync(RULES_DIR)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
const STAGES = ['pairing', 'paths', 'path', 'edge'];

describe('the derivation rule registry', () => {
  it('registers every rule module once, under the name of its module', () => {
    const names = DERIVATION_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(modules);
  });

  it('lists the rules in stage order: pairing, paths, path, edge', () => {
    const stages = DERIVATION_RULES.map((rule) => STAGES.indexOf(rule.stage));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));
    expect(new Set(DERIVATION_RULES.map((rule) => rule.stage))).toEqual(new Set(STAGES));
  });

  it('has a test file per rule, named after its module', () => {
    const tests = readdirSync(path.join(PROJECT_ROOT, 'tests/derive/rules')).filter((file) =>
      file.endsWith('.test.ts'),
    );
    for (const name of modules) expect(tests, name).toContain(`${name}.test.ts`);
  });
});
