// `npm run bench:hostile [-- --tree <checkout> --mb 640 --limit 60]`: runs a checkout's `npm run mirror` against each
// hostile origin of the mirror tests at full size and prints what each run cost (exit code, seconds, peak RSS, bytes on
// disk, what it did to what it did not own). Run it on an older checkout (--tree) for the figures before a fix. By
// hand only: it writes up to --mb MB per case.
import os from 'node:os';
import { folder, wholeNumber } from '../../build/cli/argument-kinds.ts';
import { defineCommand, runAsProgram } from '../../build/cli/command.ts';

export const command = defineCommand(
  {
    name: 'bench:hostile',
    summary:
      "Runs a checkout's npm run mirror against each hostile origin (a gzip bomb, an endless download, a huge " +
      'mirror.json or SHA256SUMS, a silent or trickling origin, paths out of the folder, a folder it does not own) and ' +
      'prints time, peak RSS and bytes on disk of each run. By hand only: it writes up to --mb MB per case.',
    options: {
      tree: {
        description: 'the checkout whose mirror command runs',
        value: folder,
        default: process.cwd(),
        defaultText: 'this one',
      },
      mb: {
        description: 'size of every large thing a hostile origin sends, in MB',
        value: wholeNumber(1, 100_000),
        default: 640,
      },
      limit: {
        description: 'seconds after which a run is killed and reported as still running',
        value: wholeNumber(1, 86_400),
        default: 60,
      },
      dir: { description: 'where the mirrors are written', value: folder, default: os.tmpdir() },
    },
    examples: ['npm run bench:hostile -- --mb 64 --limit 30', 'npm run bench:hostile -- --tree ../old-checkout'],
  },
  async ({ options }, output) => {
    const { runHostileBench } = await import('./hostile-origin-run.ts');
    await runHostileBench(options, (line) => output.out(line));
  },
);

await runAsProgram(import.meta.url, command);
