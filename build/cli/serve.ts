// `npm run serve [-- --dir <folder>] [--host <addr>] [--port N] [--trust-proxy <addresses>]`: serves a built site (a
// folder with netlify.toml and public/: this project, or a mirror) with netlify.toml's rules and the API's edge policy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer, ServerOptions } from '../serve/server.ts';
import { parseTrustedProxies, type TrustedProxies } from '../serve/trusted-proxies.ts';
import { folder, port, text } from './argument-kinds.ts';
import { CommandError, defineCommand, runAsProgram, UsageError, type Output, type Parsed } from './command.ts';

/** A port from $PORT: a whole number from 1 to 65535 (an empty value is refused, not a random port). */
function portFromEnvironment(value: string): number {
  const parsed = port.parse(value);
  if (parsed === undefined) throw new UsageError(`PORT must be ${port.expected}, got "${value}"`);
  return parsed;
}

/** The proxies of --trust-proxy (none when it is not given); a list that does not parse is refused in one line. */
function trustedProxiesOf(text: string | undefined): TrustedProxies | null {
  if (text === undefined) return null;
  const parsed = parseTrustedProxies(text);
  if (typeof parsed === 'string')
    throw new UsageError(
      `--trust-proxy takes the addresses or CIDR ranges of the proxies in front, comma-separated: ${parsed}` +
        (/^\d{1,2}$/.test(text.trim())
          ? ' (a number of proxies is no longer accepted: it let any client name itself)'
          : ''),
    );
  return parsed;
}

/** The servers this process started (tests close them; the program keeps serving until a signal). */
export const runningServers: RunningServer[] = [];

/** How to listen: the options `npm run serve` and `npm start` share. */
export const LISTEN_OPTIONS = {
  host: { description: 'the address to listen on', value: text('address'), default: '127.0.0.1' },
  port: { description: 'the port to listen on', value: port, defaultText: '$PORT, else 8080' },
  'trust-proxy': {
    description:
      'the proxies in front (addresses or CIDR ranges, comma-separated): X-Forwarded-For names the client only on a ' +
      "connection from one of them, read from the right past every trusted address (as nginx's real_ip_recursive)",
    value: text('addresses'),
  },
  'no-rate-limit': { description: 'lift the rate limit (for benchmarks only; responses still count)' },
};

/** The values of LISTEN_OPTIONS, as a command receives them. */
export type ListenValues = Parsed<typeof LISTEN_OPTIONS, []>['options'];

/** Where and how to serve, every argument checked (a wrong one is a UsageError, before any work). */
export interface ServePlan {
  publicDir: string;
  netlifyToml: string;
  host: string;
  port: number;
  trustProxy: TrustedProxies | null;
  noRateLimit: boolean;
}

export function servePlan(dir: string, values: ListenValues): ServePlan {
  const port = values.port ?? (process.env.PORT !== undefined ? portFromEnvironment(process.env.PORT) : 8080);
  const trustProxy = trustedProxiesOf(values['trust-proxy']);
  const netlifyToml = path.join(dir, 'netlify.toml');
  if (!existsSync(netlifyToml))
    throw new UsageError(`${dir} has no netlify.toml: serve a project folder or a mirror folder`);
  return {
    publicDir: path.join(dir, 'public'),
    netlifyToml,
    host: values.host,
    port,
    trustProxy,
    noRateLimit: values['no-rate-limit'],
  };
}

/**
 * Serves the built site until a signal and prints where. `publishing`: files of the tree still being written (npm
 * start's exports and bundle); a request for one of them waits until they are.
 */
export async function serveFolder(
  plan: ServePlan,
  output: Output,
  publishing?: ServerOptions['publishing'],
): Promise<RunningServer> {
  const { publicDir, host, port, trustProxy } = plan;
  if (!existsSync(path.join(publishing?.releaseDir ?? publicDir, 'api')))
    throw new CommandError(`${publicDir} holds no built API: run npm run build (or npm run mirror) first`);
  const { startServer } = await import('../serve/server.ts');
  let server: RunningServer;
  try {
    server = await startServer({ ...plan, ...(publishing ? { publishing } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CommandError(
        `port ${port} on ${host} is already in use: stop the other server or pick another with --port`,
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      throw new CommandError(`cannot listen on ${host}: not an address of this machine`);
    if (code === 'EACCES')
      throw new CommandError(`not allowed to listen on port ${port} (ports below 1024 need privileges)`);
    throw error;
  }
  runningServers.push(server);
  const notes = [
    'rules from netlify.toml',
    ...(trustProxy ? [`X-Forwarded-For read from ${trustProxy.text}`] : []),
    ...(plan.noRateLimit ? ['rate limit lifted for benchmarking'] : []),
  ];
  output.out(`serving ${path.relative(process.cwd(), publicDir) || '.'} at ${server.url}/api/v1 (${notes.join('; ')})`);
  return server;
}

/** Closes every server this process started on SIGINT or SIGTERM, then exits. */
export function closeServersOnSignal(): void {
  if (runningServers.length === 0) return;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(
      signal,
      () => void Promise.all(runningServers.map((server) => server.close())).then(() => process.exit(0)),
    );
}

export const command = defineCommand(
  {
    name: 'serve',
    summary:
      'Serves a built site (this project, or a mirror folder: netlify.toml and public/) with the rules of its ' +
      'netlify.toml and the API edge policy (rate limit, CORS, errors), as the CDN does, until stopped.',
    options: {
      dir: {
        description: 'the project or mirror folder to serve',
        value: folder,
        default: process.cwd(),
        defaultText: 'the current folder',
      },
      ...LISTEN_OPTIONS,
    },
    examples: [
      'npm run serve',
      'npm run serve -- --dir /srv/ev-mirror --host 0.0.0.0 --port 8080 --trust-proxy 127.0.0.1,10.0.0.0/8',
    ],
  },
  async ({ options }, output) => {
    await serveFolder(servePlan(path.resolve(options.dir), options), output);
  },
);

await runAsProgram(import.meta.url, command);
closeServersOnSignal();
