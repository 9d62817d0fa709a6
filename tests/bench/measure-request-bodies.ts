// The request-body memory figure for `npm run bench` (moved from tests/serve/hardening.test.ts, where a shared worker's
// RSS said too little): the local server as its own process, four concurrent 128 MiB POSTs, and how much its resident
// memory grew at its peak (the server never stores a request body: it answers 405 and closes).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { postLarge } from '../helpers/large-body.ts';
import type { Figures } from './figures.ts';
import { RUN_TYPESCRIPT } from './measure-builds.ts';

/** A field of /proc/<pid>/status in bytes (Linux): VmRSS now, VmHWM the peak. */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) * 1024;
}

export async function measureRequestBodies(figures: Figures, projectRoot: string, port = 18104): Promise<void> {
  const child = spawn(
    process.execPath,
    [...RUN_TYPESCRIPT, 'build/cli/serve.ts', '--dir', projectRoot, '--port', String(port), '--no-rate-limit'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving') && resolve());
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    // One small POST first, so that the code paths are loaded before the baseline is read.
    await postLarge(port, 1 << 20, '127.0.4.9').catch(() => undefined);
    const before = memory(child.pid!, 'VmRSS');
    // A client still sending when the server's lingering close ends may get a reset before it reads the 405: reported
    // as such, the memory figure stands either way.
    const statuses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        postLarge(port, 128 << 20, `127.0.4.${n}`).then(
          ({ status }) => String(status),
          (error: NodeJS.ErrnoException) => error.code ?? 'error',
        ),
      ),
    );
    const grew = memory(child.pid!, 'VmHWM') - before;
    figures.report(
      "four concurrent 128 MiB POSTs: the server's peak RSS growth",
      `${(grew / 1e6).toFixed(1)} MB (answers ${statuses.join(', ')})`,
      { atMost: 50e6, actual: grew, text: 'target ≤ 50 MB' },
    );
  } finally {
    child.kill('SIGTERM');
  }
}
