// `npm run diff -- <git-ref> [--markdown]`: builds data/ at the ref and in the working tree and prints what changes for API users.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../pipeline/build-site.ts';
import { DataError, formatProblem } from '../data/problems.ts';
import { diffTrees, formatDiff } from '../report/diff.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { root: { type: 'string', default: process.cwd() }, markdown: { type: 'boolean', default: false } },
});
const ref = positionals[0];
if (!ref) {
  console.error('usage: npm run diff -- <git-ref> [--markdown]');
  process.exit(2);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'ev-diff-'));
try {
  const before = path.join(work, 'before');
  const after = path.join(work, 'after');
  // data/ as it was at the ref, through git itself (no checkout, the working tree is not touched).
  const archive = execFileSync('git', ['archive', '--format=tar', ref, 'data'], { cwd: values.root, maxBuffer: 1 << 30 });
  execFileSync('mkdir', ['-p', before]);
  execFileSync('tar', ['-x', '-C', before], { input: archive });
  cpSync(path.join(values.root, 'data'), path.join(after, 'data'), { recursive: true });
  for (const side of [before, after]) await buildSite({ root: side, history: 'provisional' });
  process.stdout.write(formatDiff(diffTrees(path.join(before, 'public'), path.join(after, 'public')), { markdown: values.markdown }));
} catch (error) {
  if (error instanceof DataError) {
    for (const problem of error.problems) console.error(formatProblem(problem));
    process.exitCode = 1;
  } else throw error;
} finally {
  rmSync(work, { recursive: true, force: true });
}
