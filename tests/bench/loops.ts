// `npm run bench:loops [-- --runs 3]`: the loops of a contributor's first ten minutes, each timed as the user runs it
// (whole processes, npm included), median of the runs, against its target: `npm ci && npm start` to the first answer in
// a fresh copy of the working tree, `npm test`, `npm run diff -- HEAD` and `npm run check`.
import os from 'node:os';
import { folder, wholeNumber } from '../../build/cli/argument-kinds.ts';
import { CommandError, defineCommand, runAsProgram } from '../../build/cli/command.ts';

export const command = defineCommand(
  {
    name: 'bench:loops',
    summary:
      "Times the first ten minutes' loops as a user runs them, each against its target, median of the runs: " +
      '`npm ci && npm start` to the first answer in a fresh copy of the working tree (no node_modules, no public/, ' +
      "no caches but npm's own), `npm test` in that copy, `npm run diff -- HEAD` and `npm run check` here. " +
      'Exits 1 when a figure misses its target by more than 20 %.',
    options: {
      runs: { description: 'runs of each loop (the median is reported)', value: wholeNumber(1, 20), default: 3 },
      dir: { description: 'where the fresh copies are made', value: folder, default: os.tmpdir() },
      'skip-test': { description: 'do not time npm test (the longest loop)' },
    },
    examples: ['npm run bench:loops', 'npm run bench:loops -- --runs 1 --skip-test'],
  },
  async ({ options }, output) => {
    const [{ Figures }, { measureLoops }] = await Promise.all([import('./figures.ts'), import('./measure-loops.ts')]);
    const figures = new Figures(output);
    await measureLoops(figures, { runs: options.runs, dir: options.dir, npmTest: !options['skip-test'] });
    if (!figures.print()) throw new CommandError('a figure missed its target by more than 20 %; see above');
  },
);

await runAsProgram(import.meta.url, command);
