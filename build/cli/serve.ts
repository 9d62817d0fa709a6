// `npm run serve [-- --dir <folder>] [--host <addr>] [--port N] [--trust-proxy <addresses>]`: serves a built site (a
// folder with netlify.toml and public/: this project, or a mirror) with netlify.toml's rules and the API's edge policy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../serve/server.ts';
import { parseTrustedProxies, type TrustedProxies } from '../serve/trusted-proxies.ts';
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE =
  'npm run serve -- [--dir <folder>] [--host <address>] [--port <1-65535>] [--trust-proxy <address or CIDR>,…] [--no-rate-limit]';

/** A port from the command line or $PORT: a whole number from 1 to 65535 (an empty value is refused, not a random port). */
export function parsePort(text: string, from: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65_535)
    throw new CommandError(`${from} must be a port number from 1 to 65535, got "${text}"`);
  return Number(text);
}

/** The servers this process started (tests close them; the program keeps serving until a signal). */
export const runningServers: RunningServer[] = [];

/** The proxies of --trust-proxy (none when it is not given). */
function trustedProxiesOf(text: string | undefined): TrustedProxies | null {
  if (text === undefined) return null;
  const parsed = parseTrustedProxies(text);
  if (typeof parsed === 'string')
    throw new CommandError(
      `--trust-proxy takes the addresses or CIDR ranges of the proxies in front, comma-separated: ${parsed}${/^\d{1,2}$/.test(text.trim()) ? ' (a number of proxies is no longer accepted: it let any client name itself)' : ''}`,
    );
  return parsed;
}

/** `--trust-proxy -1` reaches the parser as `--trust-proxy=-1`: its value, whatever it looks like, is ours to judge. */
const joinTrustProxy = (args: readonly string[]) =>
  args.flatMap((arg, index) =>
    args[index - 1] === '--trust-proxy' && arg.startsWith('-')
      ? []
      : arg === '--trust-proxy' && args[index + 1]?.startsWith('-')
        ? [`--trust-proxy=${args[index + 1]}`]
        : [arg],
  );

export const serve: Command = async (args, output) => {
  const { values } = parseCommandLine(joinTrustProxy(args), USAGE, {
    dir: { type: 'string', default: process.cwd() },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    'trust-proxy': { type: 'string' },
    'no-rate-limit': { type: 'boolean', default: false },
  });
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : process.env.PORT !== undefined
        ? parsePort(process.env.PORT, 'PORT')
        : 8080;
  const trustProxy = trustedProxiesOf(values['trust-proxy']);
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
      trustProxy,
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
    `serving ${path.relative(process.cwd(), publicDir) || '.'} at ${server.url}/api/v1 (rules from netlify.toml${trustProxy ? `; X-Forwarded-For read from ${trustProxy.text}` : ''}${values['no-rate-limit'] ? '; rate limit lifted for benchmarking' : ''})`,
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
