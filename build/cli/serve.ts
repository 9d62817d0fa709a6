// `npm run serve [-- --dir <folder>] [--host <addr>] [--port N] [--trust-proxy N]`: serves a built site (a folder with
// netlify.toml and public/: this project, or a mirror) with netlify.toml's rules and the API's edge policy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../serve/server.ts';
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE =
  'npm run serve -- [--dir <folder>] [--host <address>] [--port <1-65535>] [--trust-proxy <proxies>] [--no-rate-limit]';

/** A port from the command line or $PORT: a whole number from 1 to 65535 (an empty value is refused, not a random port). */
export function parsePort(text: string, from: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65_535)
    throw new CommandError(`${from} must be a port number from 1 to 65535, got "${text}"`);
  return Number(text);
}

/** The servers this process started (tests close them; the program keeps serving until a signal). */
export const runningServers: RunningServer[] = [];

export const serve: Command = async (args, output) => {
  const { values } = parseCommandLine(args, USAGE, {
    dir: { type: 'string', default: process.cwd() },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    'trust-proxy': { type: 'string', default: '0' },
    'no-rate-limit': { type: 'boolean', default: false },
  });
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : process.env.PORT !== undefined
        ? parsePort(process.env.PORT, 'PORT')
        : 8080;
  if (!/^\d{1,2}$/.test(values['trust-proxy']))
    throw new CommandError(
      `--trust-proxy must be the number of proxies in front (0 to 99), got "${values['trust-proxy']}"`,
    );
  const dir = path.resolve(values.dir);
  const publicDir = path.join(dir, 'public');
  const netlifyToml = path.join(dir, 'netlify.toml');
  if (!existsSync(netlifyToml))
    throw new CommandError(`${dir} has no netlify.toml: serve a project folder or a mirror folder`);
  if (!existsSync(path.join(publicDir, 'api')))
    throw new CommandError(`${publicDir} holds no built API: run npm run build (or npm run mirror) first`);
  const { startServer } = await import('../serve/server.ts');
  let server: RunningServer;
  try {
    server = await startServer({
      publicDir,
      netlifyToml,
      host: values.host,
      port,
      trustProxy: Number(values['trust-proxy']),
      noRateLimit: values['no-rate-limit'],
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CommandError(
        `port ${port} on ${values.host} is already in use: stop the other server or pick another with --port`,
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      throw new CommandError(`cannot listen on ${values.host}: not an address of this machine`);
    if (code === 'EACCES')
      throw new CommandError(`not allowed to listen on port ${port} (ports below 1024 need privileges)`);
    throw error;
  }
  runningServers.push(server);
  output.out(
    `serving ${path.relative(process.cwd(), publicDir) || '.'} at ${server.url}/api/v1 (rules from netlify.toml${values['no-rate-limit'] ? '; rate limit lifted for benchmarking' : ''})`,
  );
};

await runAsProgram(import.meta.url, 'serve', serve);
if (runningServers.length > 0) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(
      signal,
      () => void Promise.all(runningServers.map((server) => server.close())).then(() => process.exit(0)),
    );
}
