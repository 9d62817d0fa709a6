// `npm run fuzz [-- --requests 100000 --seed N --concurrency 16]`: the request fuzzer against the local server over the
// mini fixture, built into a temp folder; prints the status histogram and every property an answer broke (exit 1 then).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wholeNumber } from '../../build/cli/argument-kinds.ts';
import { CommandError, defineCommand, runAsProgram } from '../../build/cli/command.ts';

export const command = defineCommand(
  {
    name: 'fuzz',
    summary:
      'Sends random requests (odd paths, encodings, methods, headers) to the local server over the mini fixture, ' +
      'built into a temp folder, and checks every answer against the properties the API promises; prints the ' +
      'status histogram and every property an answer broke (exit 1 then).',
    options: {
      requests: { description: 'how many requests to send', value: wholeNumber(1, 10_000_000), default: 10_000 },
      seed: {
        description: 'the seed of the random requests (the same seed sends the same requests)',
        value: wholeNumber(0, 2 ** 31),
        default: Date.now() % 1_000_000,
        defaultText: 'from the clock, printed',
      },
      concurrency: { description: 'requests in flight at a time', value: wholeNumber(1, 1000), default: 16 },
    },
    examples: ['npm run fuzz -- --requests 100000 --seed 20261122'],
  },
  async ({ options: { requests, seed, concurrency } }, output) => {
    const [{ buildSite }, { startServer }, { MINI_FIXTURE, NETLIFY_TOML_PATH, SENTINEL }, { fuzz }] = await Promise.all(
      [
        import('../../build/pipeline/build-site.ts'),
        import('../../build/serve/server.ts'),
        import('./fuzz-site.ts'),
        import('./request-fuzzer.ts'),
      ],
    );
    const root = mkdtempSync(path.join(os.tmpdir(), 'ev-fuzz-'));
    const publicDir = path.join(root, 'public');
    // A preview build: the fuzzer needs the routes and documents, not a release that matches today's rules.
    await buildSite({ root: MINI_FIXTURE, publicDir, history: 'provisional' });
    writeFileSync(path.join(root, 'etc'), SENTINEL);
    const failuresLogged: string[] = [];
    const server = await startServer({
      publicDir,
      netlifyToml: NETLIFY_TOML_PATH,
      log: (line) => failuresLogged.push(line),
    });
    const before = process.memoryUsage().rss;
    const started = performance.now();
    try {
      output.out(`fuzzing ${server.url} with ${requests} requests, seed ${seed}, ${concurrency} at a time`);
      const report = await fuzz(server.port, requests, seed, SENTINEL, concurrency, (done) =>
        process.stdout.write(`  ${done} requests\r`),
      );
      const seconds = (performance.now() - started) / 1000;
      output.out(
        `\n${report.requests} requests in ${seconds.toFixed(1)} s (${Math.round(report.requests / seconds)}/s); RSS ${Math.round(before / 1e6)} → ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
      );
      output.out('status histogram:');
      for (const [status, count] of Object.entries(report.histogram).sort()) output.out(`  ${status}  ${count}`);
      output.out(`server errors logged: ${failuresLogged.length}`);
      for (const line of failuresLogged.slice(0, 5)) output.out(`  ${line.split('\n')[0]}`);
      if (report.failures.length > 0) {
        for (const failure of report.failures) output.out(`FAIL ${failure.problems.join(', ')}: ${failure.request}`);
        throw new CommandError(`${report.failures.length} answer(s) broke a property (seed ${seed})`);
      }
      output.out('every answer had every property');
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  },
);

await runAsProgram(import.meta.url, command);
