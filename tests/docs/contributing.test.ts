// CONTRIBUTING.md is generated from the schemas: the committed file must be exactly what the generator writes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../build/data/tables.ts';
import { contributingGuide } from '../../build/docs/contributing.ts';
import { rulesTable, withRulesTable } from '../../build/docs/rules-table.ts';
import { DERIVATION_RULES } from '../../build/derive/rules/index.ts';

describe('CONTRIBUTING.md', () => {
  const guide = contributingGuide();

  it('is the generator output (run npm run docs after changing a schema description, a check or a rule)', () => {
    expect(readFileSync('CONTRIBUTING.md', 'utf8')).toBe(guide);
  });

  it('has a description for every column of every data file (the guide explains each from it)', () => {
    for (const table of Object.values(TABLES)) {
      for (const [name, column] of Object.entries(table.schema.shape)) {
        expect(
          (column as { description?: string }).description,
          `${table.file} ${name} has no description`,
        ).toBeTruthy();
      }
    }
  });

  it('marks empty-allowed columns from the schema itself', () => {
    expect(guide).toMatch(/\| `trim` \| may be empty \|/);
    expect(guide).toMatch(/\| `model_year` \| required \|/);
    expect(guide).toMatch(/\| `currents` \| required \|/);
  });
});

describe('data/README.md', () => {
  it('holds the derivation rules table generated from the rule registry (run npm run docs after changing a rule)', () => {
    const readme = readFileSync('data/README.md', 'utf8');
    expect(readme).toBe(withRulesTable(readme));
    expect(readme).toContain(rulesTable());
  });

  it('the table lists every registered rule in order, so a new rule shows up in it (the check can fail)', () => {
    const table = rulesTable();
    const names = [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual(DERIVATION_RULES.map((rule) => rule.name));
    expect(withRulesTable(`before\n${table.replace('`best-path`', '`renamed`')}\nafter`)).not.toContain('`renamed`');
  });
});
