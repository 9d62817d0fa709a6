// The published OpenAPI document passes `redocly lint` (the recommended rules, as configured in redocly.yaml) cleanly.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, sharedSite } from '../helpers/fixture.ts';

const REDOCLY = path.join(PROJECT_ROOT, 'node_modules/@redocly/cli/bin/cli.js');

/** `redocly lint` of an OpenAPI document with the project's redocly.yaml: its totals and the rules that fired. */
function lint(file: string): { errors: number; warnings: number; rules: string[] } {
  let out: string;
  try {
    out = execFileSync(process.execPath, [REDOCLY, 'lint', file, '--format=json', `--config=${path.join(PROJECT_ROOT, 'redocly.yaml')}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    // redocly exits 1 when it finds errors; the report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: { ruleId: string }[] };
  return { errors: report.totals.errors, warnings: report.totals.warnings, rules: [...new Set(report.problems.map((problem) => problem.ruleId))].sort() };
}

describe('redocly lint', () => {
  it('finds no error and no warning in the published OpenAPI document, and does find a removed licence and security', () => {
    const openapi = path.join(sharedSite('mini').publicDir, 'api/v1/openapi.json');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-lint-'));
    const broken = JSON.parse(readFileSync(openapi, 'utf8')) as { info: Record<string, unknown>; security?: unknown };
    delete broken.info.license;
    delete broken.security;
    writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(broken));
    // The copy's $refs (schemas/{name}.json) resolve as next to the original.
    cpSync(path.join(path.dirname(openapi), 'schemas'), path.join(dir, 'schemas'), { recursive: true });
    expect(lint(openapi)).toEqual({ errors: 0, warnings: 0, rules: [] });
    expect(lint(path.join(dir, 'broken.json')).rules).toEqual(expect.arrayContaining(['info-license', 'security-defined']));
  });
});
