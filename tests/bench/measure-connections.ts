// The connection figure for `npm run bench` (issue 38): the local server under a 1,024 open-file limit, one address
// holding 1,100 idle connections, then 100 new clients from other addresses: how many were served, refused with an
// answer, or reset (the caps of build/serve/connection-cap.ts keep the resets at 0).
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import type { Figures } from './figures.ts';
import { RUN_TYPESCRIPT } from './measure-builds.ts';

type Outcome = 'served' | 'refused with an answer' | 'reset' | 'held, no answer';

/** Connects from `localAddress` (and sends a GET unless `idle`); settles on the first answer, a reset, or `until`. */
function connection(
  port: number,
  localAddress: string,
  idle: boolean,
  until: Promise<void>,
): Promise<[Outcome, Socket]> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => resolve(['reset', socket]));
    if (!idle) socket.on('connect', () => socket.write('GET /api/v1 HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    socket.once('data', (chunk: Buffer) =>
      resolve([chunk.toString('latin1').startsWith('HTTP/1.1 200') ? 'served' : 'refused with an answer', socket]),
    );
    void until.then(() => resolve(['held, no answer', socket]));
  });
}

const count = (outcomes: Outcome[]) =>
  (['served', 'refused with an answer', 'reset', 'held, no answer'] as const)
    .map((outcome) => `${outcomes.filter((o) => o === outcome).length} ${outcome}`)
    .join(', ');

export async function measureConnections(figures: Figures, projectRoot: string, port = 18103): Promise<void> {
  const child = spawn(
    'bash',
    ['-c', 'ulimit -n 1024 && exec "$@"', 'bash', process.execPath, ...RUN_TYPESCRIPT, 'build/cli/serve.ts'].concat([
      '--dir',
      projectRoot,
      '--port',
      String(port),
      '--no-rate-limit',
    ]),
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const sockets: Socket[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving') && resolve());
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    // The idle ones: each settles when it is answered or reset; those still silent at the end are held.
    let settleHeld = () => {};
    const settled = new Promise<void>((resolve) => (settleHeld = resolve));
    const idle = Array.from({ length: 1100 }, () => connection(port, '127.0.0.2', true, settled));
    // A client that has no answer within 10 s is counted as held (the server ran out of descriptors, say).
    const patience = () => new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    const clients: [Outcome, Socket][] = [];
    for (let n = 0; n < 100; n += 1) clients.push(await connection(port, `127.0.1.${1 + n}`, false, patience()));
    sockets.push(...clients.map(([, socket]) => socket));
    // A request from the flooding address, answered once the server has accepted everything sent before it.
    sockets.push((await connection(port, '127.0.0.2', false, patience()))[1]);
    settleHeld();
    const flood = await Promise.all(idle);
    sockets.push(...flood.map(([, socket]) => socket));
    figures.report('1,100 idle connections from one address, 1,024 file limit', count(flood.map(([o]) => o)));
    const resets = clients.filter(([outcome]) => outcome === 'reset').length;
    figures.report('then 100 new clients from other addresses', count(clients.map(([o]) => o)), {
      atMost: 0,
      actual: resets,
      text: 'target: no reset',
    });
  } finally {
    for (const socket of sockets) socket.destroy();
    child.kill('SIGTERM');
  }
}
