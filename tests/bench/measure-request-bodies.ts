// The request-body memory figure for `npm run bench` (moved from tests/serve/hardening.test.ts, where a shared worker's
// RSS said too little): the local server as its own process, four concurrent 128 MiB POSTs, and how much its resident
// memory grew at its peak (the server never stores a request body: it answers 405 and closes).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Figures } from './figures.ts';
import { RUN_TYPESCRIPT } from './measure-builds.ts';

/** A field of /proc/<pid>/status in bytes (Linux): VmRSS now, VmHWM the peak. */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) * 1024;
}

/** POSTs a body of `bytes`, honouring back-pressure, until all is sent or the server closes; resolves with the status. */
function postLarge(port: number, bytes: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const chunk = Buffer.alloc(1 << 16, 120);
    let sent = 0;
    let status = 0;
    socket.on('data', (data: Buffer) => {
      status ||= Number(data.toString('latin1').split(' ')[1]);
    });
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      socket.end();
      socket.once('finish', () => socket.destroy());
    };
    socket.on('connect', () => {
      socket.write(`POST /api/v1 HTTP/1.1\r\nHost: x\r\nContent-Length: ${bytes}\r\n\r\n`);
      pump();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      status && ['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? resolve(status) : reject(error),
    );
    socket.on('close', () => resolve(status));
  });
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
    await postLarge(port, 1 << 20, '127.0.4.9');
    const before = memory(child.pid!, 'VmRSS');
    const statuses = await Promise.all([1, 2, 3, 4].map((n) => postLarge(port, 128 << 20, `127.0.4.${n}`)));
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
