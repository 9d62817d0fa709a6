// The local server's connection caps (issue 38: 1,100 idle connections from one address exhausted a 1,024 file limit
// and new clients were reset for a minute): one address holds at most 64 connections, all addresses together a number
// below the file limit; a connection over either cap is answered (JSON 429, Connection: close) and closed cleanly,
// never reset, and other clients go on being served. A few hundred sockets on 127.0.0.1, one at a time, no clock.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  connectionsUnder,
  MAX_CONNECTIONS_PER_CLIENT,
  openFileLimit,
  RESERVED_DESCRIPTORS,
} from '../../build/serve/connection-cap.ts';
import { NETLIFY_TOML, PROJECT_ROOT, sharedSite } from '../helpers/fixture.ts';
import { useServer } from '../helpers/http.ts';

const site = sharedSite('mini');
const JSON_TYPE = 'application/json; charset=utf-8';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the connection went on after the answer: still open, ended cleanly by the server, or reset. */
  socket: Socket;
  errors: string[];
}

/** Opens a connection from `localAddress`, sends one GET and resolves with the whole answer (the socket stays open). */
function request(port: number, localAddress: string, requestPath = '/api/v1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const errors: string[] = [];
    let received = Buffer.alloc(0);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      errors.push(error.code ?? error.message);
      reject(new Error(`${localAddress}: ${error.code ?? error.message} before an answer`));
    });
    socket.on('connect', () => socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length']);
      if (received.length < end + 4 + length) return;
      socket.removeAllListeners('data');
      const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body, socket, errors });
    });
  });
}

/** Resolves once the server ended the connection: 'end' (a clean close) or the error code it ended with. */
const ending = (answer: Answer) =>
  new Promise<string>((resolve) => {
    if (answer.errors.length > 0) return resolve(answer.errors[0]!);
    answer.socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    answer.socket.on('end', () => resolve('end'));
    answer.socket.resume();
  });

interface Idle {
  socket: Socket;
  received: string;
  closed: Promise<void>;
  errors: string[];
}

/** Opens a connection from `localAddress` that sends nothing; resolves once it is connected. It closes when the server ends it. */
function idleConnection(port: number, localAddress: string): Promise<Idle> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const idle: Idle = {
      socket,
      received: '',
      closed: new Promise((done) => socket.once('close', () => done())),
      errors: [],
    };
    socket.on('data', (chunk: Buffer) => (idle.received += chunk.toString('latin1')));
    socket.on('end', () => socket.destroy());
    socket.on('error', (error: NodeJS.ErrnoException) => idle.errors.push(error.code ?? error.message));
    socket.once('connect', () => resolve(idle));
  });
}

/**
 * Opens idle connections from each address in turn, then one request from `probeFrom`: the server accepts connections
 * in the order they were made, so once the probe is answered every earlier connection was held or refused. Returns
 * the held ones (nothing received) and checks each refused one: the JSON 429, then a clean close, never a reset.
 */
async function flood(port: number, addresses: string[], probeFrom: string): Promise<{ held: Idle[]; refused: number }> {
  const idle: Idle[] = [];
  for (const address of addresses) idle.push(await idleConnection(port, address));
  const probe = await request(port, probeFrom);
  await expectRefusal(probe);
  await new Promise((resolve) => setImmediate(resolve));
  const refused = idle.filter((connection) => connection.received !== '');
  await Promise.all(refused.map((connection) => connection.closed));
  for (const connection of refused) {
    expect(connection.received).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(connection.received).toContain('\r\nConnection: close\r\n');
    expect(connection.received).toContain(`Content-Type: ${JSON_TYPE}\r\n`);
    expect(connection.received.endsWith('\r\n\r\n{"error":"rate_limit_exceeded"}\n')).toBe(true);
  }
  expect(idle.flatMap((connection) => connection.errors)).toEqual([]);
  return { held: idle.filter((connection) => connection.received === ''), refused: refused.length };
}

const expectRefusal = async (answer: Answer) => {
  expect(answer.status).toBe(429);
  expect(answer.headers['content-type']).toBe(JSON_TYPE);
  expect(answer.headers['connection']).toBe('close');
  expect(JSON.parse(answer.body)).toEqual({ error: 'rate_limit_exceeded' });
  expect(await ending(answer)).toBe('end');
  answer.socket.destroy();
};

describe('one address holding many connections', () => {
  const running = useServer(() => site, { noRateLimit: true });
  const held: Socket[] = [];
  afterAll(() => held.forEach((socket) => socket.destroy()));

  it('holds 64 idle connections from one address; the next 136 are each answered with the JSON 429 and closed cleanly, never reset', async () => {
    const { held: holding, refused } = await flood(running.server.port, Array(200).fill('127.0.6.1'), '127.0.6.1');
    expect(holding).toHaveLength(MAX_CONNECTIONS_PER_CLIENT);
    expect(refused).toBe(200 - MAX_CONNECTIONS_PER_CLIENT);
    held.push(...holding.map((connection) => connection.socket));
  });

  it('serves another address meanwhile, on a connection of its own', async () => {
    const answer = await request(running.server.port, '127.0.6.2');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ counts: expect.any(Object) });
    answer.socket.destroy();
  });

  it('serves the address again once it lets connections go', async () => {
    for (const socket of held.splice(0, 8)) socket.destroy();
    // The server learns of the closes as it reads them: the next connections are refused until then, answered all the same.
    let answer = await request(running.server.port, '127.0.6.1');
    for (let tries = 0; answer.status === 429 && tries < 100; tries += 1) {
      await expectRefusal(answer);
      answer = await request(running.server.port, '127.0.6.1');
    }
    expect(answer.status).toBe(200);
    answer.socket.destroy();
  });
});

describe('many addresses together', () => {
  const running = useServer(() => site, { noRateLimit: true, maxConnections: 100 });
  const held: Socket[] = [];
  afterAll(() => held.forEach((socket) => socket.destroy()));

  it('hold at most the total; a connection past it is answered with the JSON 429, from any address', async () => {
    const addresses = Array.from({ length: 300 }, (_, n) => `127.0.7.${1 + (n % 30)}`);
    const { held: holding, refused } = await flood(running.server.port, addresses, '127.0.7.200');
    expect(holding).toHaveLength(100);
    expect(refused).toBe(200);
    held.push(...holding.map((connection) => connection.socket));
  });
});

describe('the total follows the open-file limit', () => {
  it('reads the soft limit of this process, and keeps a reserve below it', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ev-limits-'));
    const limits = path.join(folder, 'limits');
    writeFileSync(
      limits,
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n',
    );
    expect(openFileLimit(limits)).toBe(1024);
    expect(openFileLimit(path.join(folder, 'none'))).toBe(1024);
    expect(connectionsUnder(1024)).toBe(1024 - RESERVED_DESCRIPTORS);
    expect(connectionsUnder(100)).toBe(MAX_CONNECTIONS_PER_CLIENT);
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it('npm run serve under ulimit -n 256: 400 connections from 40 addresses are each answered, none reset, and a new client is served after', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ev-fd-limit-'));
    cpSync(NETLIFY_TOML, path.join(dir, 'netlify.toml'));
    symlinkSync(site.publicDir, path.join(dir, 'public'));
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const runTypescript = pathToFileURL(path.join(PROJECT_ROOT, 'build/cli/run-typescript.mjs')).href;
    const child = spawn(
      'bash',
      [
        '-c',
        'ulimit -n 256 && exec "$@"',
        'bash',
        process.execPath,
        '--import',
        runTypescript,
        path.join(PROJECT_ROOT, 'build/cli/serve.ts'),
        '--dir',
        dir,
        '--port',
        String(port),
        '--no-rate-limit',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const held: Socket[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving') && resolve());
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
      });
      const addresses = Array.from({ length: 400 }, (_, n) => `127.0.8.${1 + (n % 40)}`);
      const { held: holding, refused } = await flood(port, addresses, '127.0.8.100');
      held.push(...holding.map((connection) => connection.socket));
      // 256 descriptors less the reserve: 128 connections held, every other one answered.
      expect(holding).toHaveLength(connectionsUnder(256));
      expect(refused).toBe(400 - connectionsUnder(256));
      for (const socket of held.splice(0)) socket.destroy();
      let answer = await request(port, '127.0.8.200');
      for (let tries = 0; answer.status === 429 && tries < 100; tries += 1) {
        await expectRefusal(answer);
        answer = await request(port, '127.0.8.200');
      }
      expect(answer.status).toBe(200);
      answer.socket.destroy();
      expect(stderr).toBe('');
    } finally {
      for (const socket of held) socket.destroy();
      child.kill('SIGTERM');
    }
  });
});
