// The edge function on Deno, Netlify's edge runtime: it type-checks as Deno reads it, and the cases the Node run passes
// (api-policy-cases.ts) pass there too. No network, no npm, no remote module: Deno gets only the repository's files.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { denoBinary, denoEnvironment } from '../helpers/deno.ts';
import { API_POLICY_CASES } from './api-policy-cases.ts';

const run = promisify(execFile);
const OFFLINE = ['--no-remote', '--no-npm', '--no-config', '--no-lock'];
const deno = (args: string[]) => run(denoBinary(), args, { cwd: PROJECT_ROOT, env: denoEnvironment() });

// A cold Deno type check takes seconds alone and minutes on a busy machine: a generous bound, not a figure.
describe('the edge function under Deno', { timeout: 180_000 }, () => {
  it('type-checks as Deno reads it (a type error exits non-zero and fails here)', async () => {
    const { stderr } = await deno(['check', ...OFFLINE, path.join('build', 'netlify-edge', 'api-policy.ts')]);
    expect(stderr).toMatch(/Check .*api-policy\.ts/);
  });

  it('passes every case of api-policy-cases.ts', async () => {
    // Type-checking the cases would need @types/node from npm for node:assert; the function itself is checked above.
    const { stdout } = await deno([
      'test',
      '--no-check',
      ...OFFLINE,
      path.join('tests', 'netlify-edge', 'api-policy.deno.ts'),
    ]);
    expect(stdout).toMatch(new RegExp(`^ok \\| ${API_POLICY_CASES.length} passed \\| 0 failed`, 'm'));
  });
});
