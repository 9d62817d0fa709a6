// `npm run serve`: serves the existing public/ on 127.0.0.1:$PORT (default 8080) with netlify.toml's rules.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../serve/server.ts';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: process.cwd() },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'trust-proxy': { type: 'boolean', default: false },
    'no-rate-limit': { type: 'boolean', default: false },
  },
});

const server = await startServer({
  publicDir: path.join(values.root, 'public'),
  netlifyToml: path.join(values.root, 'netlify.toml'),
  port: Number(values.port),
  trustProxy: values['trust-proxy'],
  noRateLimit: values['no-rate-limit'],
});
console.log(`serving public/ at ${server.url}/api/v1 (rules from netlify.toml${values['no-rate-limit'] ? '; rate limit lifted for benchmarking' : ''})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
