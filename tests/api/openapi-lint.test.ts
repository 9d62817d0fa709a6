// The published OpenAPI document passes `redocly lint` (the recommended rules, as configured in redocly.yaml) cleanly.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, sharedSite } from '../helpers/fixture.ts';

const REDOCLY = path.join(PROJECT_ROOT, 'node_modules/@redocly/cli/bin/cli.js');

/** The JSON documents of `text`, written one after another (redocly prints one report per linted file). */
function jsonDocuments(text: string): unknown[] {
  const documents: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') {
      if (depth === 0) start = i;
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) documents.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return documents;
}

type LintResult = { errors: number; warnings: number; rules: string[] };

/** `redocly lint` of OpenAPI documents (one process) with the project's redocly.yaml: per file, its totals and the rules that fired. */
function lint(files: string[]): LintResult[] {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [REDOCLY, 'lint', ...files, '--format=json', `--config=${path.join(PROJECT_ROOT, 'redocly.yaml')}`],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        // Hermetic: no usage report and no update check over the network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
  } catch (error) {
    // redocly exits 1 when it finds errors; the reports are still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const reports = jsonDocuments(out) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string }[];
  }[];
  expect(reports).toHaveLength(files.length);
  return reports.map((report) => ({
    errors: report.totals.errors,
    warnings: report.totals.warnings,
    rules: [...new Set(report.problems.map((problem) => problem.ruleId))].sort(),
  }));
}

describe('redocly lint', () => {
  it('finds no error and no warning in a downloaded copy of the OpenAPI document alone, and does find a removed licence and security', () => {
    // Copied alone into an empty folder, as a client downloads it: every $ref must resolve inside the document.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-lint-'));
    const openapi = path.join(dir, 'openapi.json');
    cpSync(path.join(sharedSite('mini').publicDir, 'api/v1/openapi.json'), openapi);
    const document = JSON.parse(readFileSync(openapi, 'utf8')) as { info: Record<string, unknown>; security?: unknown };
    delete document.info.license;
    delete document.security;
    writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(document));
    const [published, broken] = lint([openapi, path.join(dir, 'broken.json')]);
    expect(published).toEqual({ errors: 0, warnings: 0, rules: [] });
    expect(broken!.rules).toEqual(expect.arrayContaining(['info-license', 'security-defined']));
  });
});
