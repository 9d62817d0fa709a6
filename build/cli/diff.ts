// `npm run diff -- <git-ref> [--markdown]`: what changes for API users between data/ at the ref and in the working tree,
// both derived in memory (nothing is built or written but a temporary copy of data/ at the ref).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from './argument-kinds.ts';
import { DataError, formatProblem } from '../data/problems.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram, UsageError } from './command.ts';

/** The first line git says on stderr, without its "fatal: ". */
const gitReason = (error: unknown) =>
  (
    String((error as { stderr?: Buffer }).stderr ?? '')
      .trim()
      .split('\n')[0] || (error as Error).message
  ).replace(/^fatal: /, '');

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
    throw new UsageError(
      `cannot read data/ at "${ref}" (${gitReason(error)}); give a branch, tag or commit of this repository`,
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
    const before = mkdtempSync(path.join(os.tmpdir(), 'ev-diff-'));
    try {
      dataAtRef(options.root, ref, before);
      const [{ loadDataset }, { apiSnapshot, diffSnapshots, formatDiff }] = await Promise.all([
        import('../checks/load-dataset.ts'),
        import('../report/diff.ts'),
      ]);
      let old;
      try {
        old = apiSnapshot(loadDataset(before));
      } catch (error) {
        if (!(error instanceof DataError)) throw error;
        throw new CommandError(
          `data/ at "${ref}" does not pass today's checks (${error.problems.length} problem(s), the first: ` +
            `${formatProblem(error.problems[0]!)}); compare with a later ref`,
        );
      }
      const current = apiSnapshot(loadDataset(options.root));
      output.out(formatDiff(diffSnapshots(old, current), { markdown: options.markdown }).trimEnd());
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  },
);

await runAsProgram(import.meta.url, command);
