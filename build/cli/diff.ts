// `npm run diff -- <git-ref> [--markdown]`: builds data/ at the ref and in the working tree and prints what changes for API users.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE = 'npm run diff -- <git-ref> [--markdown]';

/** data/ of a git ref, through git itself (no checkout: the working tree is not touched). */
function dataAtRef(root: string, ref: string, into: string): void {
  let archive: Buffer;
  try {
    archive = execFileSync('git', ['archive', '--format=tar', ref, 'data'], {
      cwd: root,
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const reason =
      String((error as { stderr?: Buffer }).stderr ?? '')
        .trim()
        .split('\n')[0] || (error as Error).message;
    throw new CommandError(
      `cannot read data/ at "${ref}" (${reason.replace(/^fatal: /, '')}); give a branch, tag or commit of this repository`,
    );
  }
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
}

export const diff: Command = async (args, output) => {
  const { values, positionals } = parseCommandLine(
    args,
    USAGE,
    { root: { type: 'string', default: process.cwd() }, markdown: { type: 'boolean', default: false } },
    { min: 1, max: 1 },
  );
  const [{ buildSite }, { diffTrees, formatDiff }] = await Promise.all([
    import('../pipeline/build-site.ts'),
    import('../report/diff.ts'),
  ]);
  const work = mkdtempSync(path.join(os.tmpdir(), 'ev-diff-'));
  try {
    const before = path.join(work, 'before');
    const after = path.join(work, 'after');
    dataAtRef(values.root, positionals[0]!, before);
    cpSync(path.join(values.root, 'data'), path.join(after, 'data'), { recursive: true });
    for (const side of [before, after]) await buildSite({ root: side, history: 'provisional' });
    output.out(
      formatDiff(diffTrees(path.join(before, 'public'), path.join(after, 'public')), {
        markdown: values.markdown,
      }).trimEnd(),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

await runAsProgram(import.meta.url, 'diff', diff);
