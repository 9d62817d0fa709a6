// The three workflows of the contributor loop are valid GitHub Actions workflows and keep the fork-safe split: the
// pull-request run has a read-only token and uploads the diff; only the workflow_run posts it; releases follow merges.
import { readFileSync } from 'node:fs';
import { validateWorkflow } from '@action-validator/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(`.github/workflows/${name}`, 'utf8');
const FILES = ['data-pull-request.yml', 'api-diff-comment.yml', 'release.yml'];

describe('the workflows', () => {
  it.each(FILES)('%s is valid for action-validator (the GitHub workflow schema)', (file) => {
    expect(validateWorkflow(read(file)).errors).toEqual([]);
  });

  it('a broken copy is refused (the check can fail)', () => {
    expect(validateWorkflow(read(FILES[0]!).replace('runs-on:', 'runs_on:')).errors.length).toBeGreaterThan(0);
  });

  it('pull requests: read-only token, CI as .ci/run runs it, the checks, the Markdown diff and the coverage uploaded as an artifact', () => {
    const workflow = parse(read('data-pull-request.yml'));
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const steps = workflow.jobs.check.steps as { run?: string; uses?: string; with?: Record<string, string> }[];
    const runs = steps.filter((s) => s.run).map((s) => s.run!);
    expect(runs[0]).toBe('bash .ci/run');
    expect(runs[1]).toBe('npm run check');
    expect(runs[2]).toContain(
      'npm run --silent diff -- "origin/${{ github.base_ref }}" --markdown > api-diff/api-diff.md',
    );
    expect(runs[2]).toContain('npm run --silent coverage >> api-diff/api-diff.md');
    expect(runs[2]).toContain('github.event.pull_request.number');
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))?.with).toMatchObject({
      name: 'api-diff',
      path: 'api-diff/',
    });
    expect(JSON.stringify(workflow)).not.toContain('github-script');
  });

  it('the comment: only after a successful pull-request run, never checking out its code, one comment found by a marker and updated', () => {
    const workflow = parse(read('api-diff-comment.yml'));
    expect(workflow.on.workflow_run).toEqual({ workflows: ['Data pull request'], types: ['completed'] });
    expect(workflow.permissions).toEqual({ 'pull-requests': 'write', actions: 'read' });
    expect(workflow.jobs.comment.if).toContain("conclusion == 'success'");
    const steps = workflow.jobs.comment.steps as { uses?: string; with?: Record<string, string> }[];
    expect(steps.some((s) => s.uses?.startsWith('actions/checkout'))).toBe(false);
    expect(steps[0]).toMatchObject({
      uses: 'actions/download-artifact@v4',
      with: { name: 'api-diff', 'run-id': '${{ github.event.workflow_run.id }}' },
    });
    const script = steps.find((s) => s.uses?.startsWith('actions/github-script'))!.with!.script!;
    expect(script).toContain('<!-- open-ev-api-diff -->');
    expect(script).toContain('updateComment');
    expect(script).toContain('createComment');
  });

  it('releases: after each push to main, one run at a time (queued, not cancelled), the newest main, retried when main moved, verified by the publishing build', () => {
    const workflow = parse(read('release.yml'));
    expect(workflow.on).toEqual({ push: { branches: ['main'] } });
    expect(workflow.concurrency).toEqual({ group: 'release-main', 'cancel-in-progress': false });
    expect(workflow.permissions).toEqual({ contents: 'write' });
    const script = (workflow.jobs.release.steps as { run?: string }[]).map((s) => s.run ?? '').join('\n');
    expect(script).toMatch(
      /git reset --hard origin\/main[\s\S]*npm run --silent release[\s\S]*npm run --silent build[\s\S]*git push origin HEAD:main/,
    );
    expect(script).toContain('nothing changed since release');
    expect(script).toContain('git add data/ledger data/releases data/release.yaml');
    // Then the npm package of the release, kept with the run for a maintainer to publish.
    const steps = workflow.jobs.release.steps as { run?: string; uses?: string; with?: Record<string, string> }[];
    const packing = steps.findIndex((s) => s.run === 'npm run --silent package');
    expect(packing).toBeGreaterThan(steps.findIndex((s) => s.run?.includes('git push origin HEAD:main')));
    expect(steps[packing + 1]).toMatchObject({ uses: 'actions/upload-artifact@v4', with: { path: 'dist/*.tgz' } });
  });
});
