// `npm start [-- --preview] [--port N]`: builds public/ and serves it as soon as the tree is written; a publishing
// build's exports, mirror bundle and mirror.json follow while it serves the new release folder (a request for them
// waits until they are in), and public/ is switched to that folder once they are.
import path from 'node:path';
import { PUBLISHED_AFTER_COMMIT } from '../render/layout.ts';
import { buildWithReport } from './build.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';
import { closeServersOnSignal, LISTEN_OPTIONS, runningServers, serveFolder, servePlan } from './serve.ts';

export const command = defineCommand(
  {
    name: 'start',
    summary:
      'Builds a new release of public/ from data/ (as npm run build) and serves it (as npm run serve) from the ' +
      'moment its tree is written; the exports, the mirror bundle and mirror.json are written into it meanwhile, a ' +
      'request for one of them waits until they are, and public/ is switched to the release once they are. If they ' +
      'cannot be written the server stops, exit 1, and public/ still serves the previous release, whole; a kill at ' +
      'any moment leaves public/ on the previous or the new release, whole.',
    options: {
      preview: {
        description: 'build data changed since the last release, with provisional edge versions (never to publish)',
      },
      root: ROOT_OPTION,
      ...LISTEN_OPTIONS,
    },
    examples: ['npm start', 'npm start -- --preview --port 8081'],
  },
  async ({ options }, output) => {
    const root = path.resolve(options.root);
    const plan = servePlan(root, options);
    const built = await buildWithReport(
      { root, history: options.preview ? 'provisional' : 'enforce', mirrorLater: true },
      output,
      'npm start -- --preview',
    );
    if (!built.mirror) return void (await serveFolder(plan, output));
    const started = performance.now();
    try {
      await serveFolder(plan, output, {
        paths: PUBLISHED_AFTER_COMMIT,
        done: built.mirror,
        releaseDir: built.releaseDir,
      });
    } catch (error) {
      // The server did not start: the build still finishes what it began before the command fails.
      await built.mirror.catch(() => undefined);
      throw error;
    }
    try {
      await built.mirror;
    } catch (error) {
      await Promise.all(runningServers.splice(0).map((server) => server.close()));
      throw new CommandError(
        `the tree was served, but its exports and mirror bundle could not be written, so the server stopped: ` +
          (error as Error).message,
      );
    }
    output.out(
      `published the exports and the mirror bundle of ${built.datasetVersion} ` +
        `${Math.round(performance.now() - started)} ms after the server started`,
    );
  },
);

await runAsProgram(import.meta.url, command);
closeServersOnSignal();
