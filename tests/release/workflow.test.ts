// The pull-request workflow is a valid GitHub Actions workflow that runs the checks, the tests and the diff comment.
import { readFileSync } from 'node:fs';
import { validateWorkflow } from '@action-validator/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const FILE = '.github/workflows/data-pull-request.yml';

describe('the pull-request workflow', () => {
  const text = readFileSync(FILE, 'utf8');

  it('is valid for action-validator (the GitHub workflow schema)', () => {
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it('a broken copy is refused (the check can fail)', () => {
    expect(validateWorkflow(text.replace('runs-on:', 'runs_on:')).errors.length).toBeGreaterThan(0);
  });

  it('runs on pull requests: npm ci, check, test, then the markdown diff against the base branch and the coverage, in one updated comment', () => {
    const workflow = parse(text);
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    const steps = workflow.jobs.check.steps as { run?: string; uses?: string; with?: { script?: string } }[];
    const runs = steps.filter((s) => s.run).map((s) => s.run);
    expect(runs).toEqual([
      'npm ci',
      'npm run check',
      'npm test',
      'npm run --silent diff -- "origin/${{ github.base_ref }}" --markdown > api-diff.md',
      "printf '\\n### Coverage after this change\\n\\n' >> api-diff.md\nnpm run --silent coverage >> api-diff.md\n",
    ]);
    const comment = steps.find((s) => s.uses?.startsWith('actions/github-script'))!.with!.script!;
    expect(comment).toContain('updateComment');
    expect(comment).toContain('<!-- open-ev-api-diff -->');
    expect(workflow.permissions['pull-requests']).toBe('write');
  });
});
