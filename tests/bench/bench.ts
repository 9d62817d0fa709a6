// `npm run bench [-- --runs 3 --seconds 10 --dir /dev/shm --skip-large]`: build, rebuild, memory, bundle, exports and
// server figures, each against its target, printed as a table; exits 1 when a figure misses its target by more than 20 %.
import os from 'node:os';
import { folder, wholeNumber } from '../../build/cli/argument-kinds.ts';
import { CommandError, defineCommand, runAsProgram } from '../../build/cli/command.ts';

export const command = defineCommand(
  {
    name: 'bench',
    summary:
      'Measures every performance figure against its target on synthetic worlds: the full build of 500 vehicles × ' +
      '200 chargers against extracting a tar of the same tree (both as whole processes), rebuilds after one row, ' +
      'the mirror bundle, each export and what the exports add to a publishing build of the shipped data, what the ' +
      'network documents add to its files and build time, peak memory at 500 × 200 and 1500 × 500, the local server ' +
      'against plain http-server, and its memory under large request bodies. ' +
      'Exits 1 when a figure misses its target by more than 20 %. Takes minutes; not part of npm test.',
    options: {
      runs: { description: 'runs of each timed build (the median is reported)', value: wholeNumber(1, 20), default: 3 },
      seconds: { description: 'seconds of load on each server', value: wholeNumber(1, 600), default: 10 },
      dir: {
        description: 'where the worlds and trees are written (e.g. /dev/shm, to take the disk out)',
        value: folder,
        default: os.tmpdir(),
      },
      'skip-large': { description: 'skip the 1500 × 500 world (its memory figure)' },
    },
    examples: ['npm run bench -- --runs 5 --dir /dev/shm', 'npm run bench -- --runs 1 --seconds 3 --skip-large'],
  },
  async ({ options }, output) => {
    const [
      { measureBuilds },
      { measureExports },
      { measureNetworks },
      { measureServers },
      { measureConnections },
      { measureRequestBodies },
      { Figures },
    ] = await Promise.all([
      import('./measure-builds.ts'),
      import('./measure-exports.ts'),
      import('./measure-networks.ts'),
      import('./measure-servers.ts'),
      import('./measure-connections.ts'),
      import('./measure-request-bodies.ts'),
      import('./figures.ts'),
    ]);
    const figures = new Figures(output);
    const built = measureBuilds(figures, options);
    try {
      measureExports(figures, { runs: options.runs, work: built.work }, built);
      measureNetworks(figures, { runs: options.runs, work: built.work });
      await measureServers(figures, built.publicDir, options.seconds, async (projectRoot) => {
        await measureConnections(figures, projectRoot);
        await measureRequestBodies(figures, projectRoot);
      });
    } finally {
      built.remove();
    }
    if (!figures.print()) throw new CommandError('a figure missed its target by more than 20 %; see above');
  },
);

await runAsProgram(import.meta.url, command);
