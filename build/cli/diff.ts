// `npm run diff -- <git-ref> [--markdown]`: builds data/ at the ref and in the working tree and prints what changes for API users.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from './argument-kinds.ts';
import { defineCommand, ROOT_OPTION, runAsProgram, UsageError } from './command.ts';

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
    throw new UsageError(
      `cannot read data/ at "${ref}" (${reason.replace(/^fatal: /, '')}); give a branch, tag or commit of this repository`,
    );
  }
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
}

export const command = defineCommand(
  {
    name: 'diff',
    summary:
      'Prints what changes for API users between data/ at a git ref and data/ in the working tree: resources added, ' +
      'removed and changed field by field; edges by state transition (with the pairs), kW and confidence changes.',
    arguments: [{ name: 'git-ref', description: 'a branch, tag or commit of this repository', value: text('git-ref') }],
    options: {
      markdown: { description: 'print Markdown (for a pull-request comment) instead of plain text' },
      root: ROOT_OPTION,
    },
    examples: ['npm run diff -- HEAD', 'npm run diff -- origin/main --markdown'],
  },
  async ({ options, arguments: { 'git-ref': ref } }, output) => {
    const [{ buildSite }, { diffTrees, formatDiff }] = await Promise.all([
      import('../pipeline/build-site.ts'),
      import('../report/diff.ts'),
    ]);
    const work = mkdtempSync(path.join(os.tmpdir(), 'ev-diff-'));
    try {
      const before = path.join(work, 'before');
      const after = path.join(work, 'after');
      dataAtRef(options.root, ref, before);
      cpSync(path.join(options.root, 'data'), path.join(after, 'data'), { recursive: true });
      for (const side of [before, after]) await buildSite({ root: side, history: 'provisional' });
      output.out(
        formatDiff(diffTrees(path.join(before, 'public'), path.join(after, 'public')), {
          markdown: options.markdown,
        }).trimEnd(),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
);

await runAsProgram(import.meta.url, command);
