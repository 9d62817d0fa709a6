// Netlify's own emulator (@netlify/dev: Netlify's redirect, header and static handlers, and the edge function run by
// Deno from the npm package) serving a built public/ with this repository's netlify.toml and build/netlify-edge/, behind
// a small HTTP front that hands it each request with its path exactly as sent. Offline: no site is linked, and the
// features that would reach Netlify's servers (AI gateway, database, geolocation, images, env) are off. Its packages
// are this folder's own (package.json here, installed by install.sh for npm run test:netlify only).
import { mkdtempSync, symlinkSync, copyFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import type { RunningServer } from '../../build/serve/server.ts';
import { denoEnvironment } from '../helpers/deno.ts';
import { NETLIFY_TOML, PROJECT_ROOT } from '../helpers/fixture.ts';

/** A project folder for the emulator: netlify.toml, the built public/, and build/ for the edge function's sources. */
function emulatorProject(publicDir: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ev-netlify-dev-'));
  copyFileSync(NETLIFY_TOML, path.join(root, 'netlify.toml'));
  symlinkSync(publicDir, path.join(root, 'public'));
  symlinkSync(path.join(PROJECT_ROOT, 'build'), path.join(root, 'build'));
  return root;
}

/** The request as the emulator's handler takes it: the target appended to the origin as is (so "//api" stays a path). */
function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  });
}

async function answer(dev: NetlifyDev, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  let response: Response | undefined;
  try {
    response = await dev.handle(toRequest(req, origin));
  } catch (error) {
    // What the emulator itself cannot take (e.g. a URL it cannot parse) is reported as its failure, status 599.
    res.writeHead(599, { 'Content-Type': 'text/plain' });
    return void res.end(String(error));
  }
  // The emulator answers nothing for a request no handler takes: its own server then sends an empty 404.
  if (response === undefined) return void res.writeHead(404).end();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'transfer-encoding' && name !== 'connection' && name !== 'keep-alive') headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Starts the emulator on the built site and an HTTP front on 127.0.0.1 (an ephemeral port). */
export async function startNetlifyEmulator(publicDir: string): Promise<RunningServer> {
  const projectRoot = emulatorProject(publicDir);
  Object.assign(process.env, denoEnvironment());
  const dev = new NetlifyDev({
    projectRoot,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    environmentVariables: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    skipGitignore: true,
    logger: { log: () => {}, warn: () => {}, error: (...line: unknown[]) => console.error(...line) },
  });
  await dev.start();
  const server = createServer((req, res) => void answer(dev, req, res, `http://127.0.0.1:${port}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await dev.stop();
    },
  };
}
