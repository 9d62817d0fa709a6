// `npm run mirror -- <base-url> <folder>`: makes <folder> a verified copy of the API at <base-url> (serve it with
// npm run serve -- --dir <folder>). One request when the folder is current; the bundle in one more otherwise.
import type { Progress } from '../mirror/download.ts';
import { httpUrl, targetFolder, wholeNumber } from './argument-kinds.ts';
import { CommandError, defineCommand, runAsProgram, type Output } from './command.ts';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A progress bar on a terminal; a plain line at each tenth otherwise (logs, CI). */
export function progressReporter(
  output: Output,
  terminal: boolean,
  write: (text: string) => void = (text) => process.stderr.write(text),
): Progress {
  const started = Date.now();
  let lastTenth = -1;
  let lastDraw = 0;
  const describe = (received: number, total: number) => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const rate = received / seconds;
    const eta = rate > 0 ? Math.ceil((total - received) / rate) : 0;
    return `${mb(received)} of ${mb(total)}, ${mb(rate)}/s, ETA ${eta} s`;
  };
  return {
    update(received, total) {
      if (terminal) {
        if (Date.now() - lastDraw < 100 && received < total) return;
        lastDraw = Date.now();
        const width = 30;
        const filled = Math.round((received / Math.max(1, total)) * width);
        write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${describe(received, total)}   `);
      } else {
        const tenth = Math.floor((received / Math.max(1, total)) * 10);
        if (tenth !== lastTenth) {
          lastTenth = tenth;
          output.out(`downloading: ${tenth * 10}% (${describe(received, total)})`);
        }
      }
    },
    done() {
      if (terminal) write('\n');
    },
  };
}

export const command = defineCommand(
  {
    name: 'mirror',
    summary:
      "Makes <folder> a verified copy of the API at <base-url>: one request when it is current, the release's bundle " +
      'otherwise (resumed when interrupted, every file checked against SHA256SUMS before the new tree replaces the old).',
    arguments: [
      { name: 'base-url', description: "the API's host, e.g. https://api.example.org", value: httpUrl },
      { name: 'folder', description: 'the mirror folder (created when missing)', value: targetFolder },
    ],
    options: {
      timeout: {
        description: 'the most seconds the whole run may take; then it stops in one line, exit 1, nothing swapped',
        value: wholeNumber(1, 86_400),
        defaultText: '3600',
      },
      'stall-timeout': {
        description: 'the most seconds without a byte from the origin; then it stops in one line, exit 1',
        value: wholeNumber(1, 86_400),
        defaultText: '30',
      },
    },
    examples: [
      'npm run mirror -- https://api.example.org /srv/ev-mirror && npm run serve -- --dir /srv/ev-mirror',
      'npm run mirror -- https://api.example.org /srv/ev-mirror --timeout 600 --stall-timeout 20',
    ],
  },
  async ({ arguments: { 'base-url': base, folder }, options: { timeout, 'stall-timeout': stall } }, output) => {
    const [{ syncMirror }, { MirrorError }] = await Promise.all([
      import('../mirror/sync-mirror.ts'),
      import('../mirror/download.ts'),
    ]);
    try {
      const result = await syncMirror({
        base,
        folder,
        ...(timeout === undefined ? {} : { timeoutSeconds: timeout }),
        ...(stall === undefined ? {} : { stallSeconds: stall }),
        progress: progressReporter(output, Boolean(process.stderr.isTTY)),
        say: (line) => output.out(line),
      });
      const what =
        result.outcome === 'current' ? 'is current' : result.outcome === 'repaired' ? 'was repaired' : 'was updated';
      output.out(
        `${folder} ${what}: dataset ${result.datasetVersion}, ${result.files} files verified against SHA256SUMS, ` +
          `${result.requests} request(s); serve it with npm run serve -- --dir ${folder}`,
      );
    } catch (error) {
      if (error instanceof MirrorError) throw new CommandError(error.message);
      throw error;
    }
  },
);

await runAsProgram(import.meta.url, command);
