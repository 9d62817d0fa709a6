// The nginx configuration generated from netlify.toml, run by a real nginx (Debian's, which npm test installs), answers the
// API's requests with the local server's status, body, type and CORS header; what it cannot do is documented.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES } from '../../build/core/export-files.ts';
import { NGINX_LIMITS, nginxConfig } from '../../build/mirror/nginx-config.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { loadNetlifyConfig } from '../../build/serve/netlify-config.ts';
import { startServer, type RunningServer } from '../../build/serve/server.ts';
import { copyFixture, NETLIFY_TOML, MINI_VERSION } from '../helpers/fixture.ts';
import { rawRequest } from '../helpers/http.ts';
import { nginxPath } from '../helpers/system-tools.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('nginx with the generated configuration', () => {
  let nginx: ChildProcess;
  let nginxPort: number;
  let local: RunningServer;
  beforeAll(async () => {
    const folder = copyFixture();
    // nginx's worker runs as an unprivileged user: the temp folder (0700) must let it in.
    chmodSync(folder, 0o755);
    cpSync(NETLIFY_TOML, path.join(folder, 'netlify.toml'));
    await buildSite({ root: folder });
    local = await startServer({ publicDir: path.join(folder, 'public'), netlifyToml: NETLIFY_TOML, log: () => {} });
    nginxPort = await freePort();
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'ev-nginx-'));
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
    writeFileSync(
      path.join(prefix, 'site.conf'),
      nginxConfig(await loadNetlifyConfig(path.join(folder, 'netlify.toml')), {
        folder,
        listen: `127.0.0.1:${nginxPort}`,
      }),
    );
    const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((dir) => `  ${dir === 'body' ? 'client_body' : dir}_temp_path ${prefix}/${dir};`)
      .join('\n');
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      // As a packaged nginx.conf does: mime.types maps .json to a type without the charset the API promises.
      `worker_processes 1;\ndaemon off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n${temp}\n  include ${prefix}/site.conf;\n}\n`,
    );
    const binary = nginxPath();
    const errorLog = path.join(prefix, 'error.log');
    nginx = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog], { stdio: 'ignore' });
    // A binary that cannot run, or an nginx that stops (a configuration it refuses), is a failure that says why.
    const stopped = new Promise<string>((resolve) => {
      nginx.once('error', (error) => resolve(`${binary} could not be run (${error.message})`));
      nginx.once('exit', (code) =>
        resolve(`${binary} exited with code ${code}: ${readFileSync(errorLog, 'utf8').trim().split('\n').pop()}`),
      );
    });
    for (let tries = 0; tries < 100; tries += 1) {
      const answered = rawRequest({ port: nginxPort, path: '/' }).then(
        () => null,
        () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 50)).then(() => 'retry'),
      );
      const outcome = await Promise.race([answered, stopped]);
      if (outcome === null) return;
      if (outcome !== 'retry') throw new Error(`nginx did not start: ${outcome}`);
    }
    throw new Error(`nginx did not answer on 127.0.0.1:${nginxPort} within 5 s`);
  });
  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await local?.close();
  });

  it.each([
    '/api/v1',
    '/api/v1/vehicles',
    '/api/v1/chargers/',
    '/api/v1/vehicles/volt-a-400-2024',
    '/api/v1/vehicles/volt-a-400-2024/compatibility',
    '/api/v1/vehicles/volt-a-400-2024/compatibility?region=GB',
    '/api/v1/vehicles/volt-a-400-2024/compatibility?region=gb',
    '/api/v1/chargers/amp-hpc-350/compatibility?region=EU',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region=GB',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region=NA',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region=ZZ',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region=',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?foo=1&region=GB',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region=ZZ&region=GB',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region=GB&region=ZZ',
    '/api/v1/compatibility/volt-a-400-2024/amp-hpc-350?region',
    '/api/v1/compatibility/vehicles/volt-a-400-2024?region=..',
    '/api/v1/compatibility/vehicles/volt-a-400-2024?region=%2e%2e',
    '/api/v1/chargers/amp-hpc-350/compatibility?region=..%2F..%2Fchargers',
    '/api/v1/chargers/amp-hpc-350/compatibility?region=invalid',
    '/api/v1/compatibility',
    '/api/v1/compatibility/volt-a-400-2024',
    '/api/v1/vehicles//compatibility',
    '//api/v1/vehicles',
    '/api/v1/vehicles/compatibility',
    '/api/v1/vehicles/no-such-vehicle',
    '/api/v1/nope',
    '/api',
    '/api/v1/_data/index.json',
    '/api/v1/_not_found.json',
    '/api/v1/openapi.json',
    '/api/v1/schemas/edge.json',
    '/api/v1/changes',
    `/api/v1/changes/${MINI_VERSION}`,
    '/api/v1/changes.atom',
    '/api/v1/mirror.json',
    `/api/v1/mirror/${MINI_VERSION}.tar.gz`,
    ...EXPORT_FILES.map(({ name }) => `/api/v1/exports/${name}`),
    '/%61pi/v1/vehicles/volt-a-400-2024',
    '/api/v1/./vehicles/volt-a-400-2024',
    '/',
    '/index.html',
    '/reference.css',
    '/explore/',
    '/explore',
    '/explore/explore.js',
    '/explore/explore.css',
    '/no-such-page',
    '/explore/no-such-file.html',
  ])(
    'GET %s: the same status, body, type, CORS, limit, Cache-Control, nosniff, CSP and frame headers as the local server',
    async (request) => {
      const [ours, theirs] = [
        await rawRequest({ port: local.port, path: request }),
        await rawRequest({ port: nginxPort, path: request }),
      ];
      const view = (res: typeof ours) => ({
        status: res.status,
        body: res.body,
        type: res.headers['content-type'],
        cors: res.headers['access-control-allow-origin'],
        limit: res.headers['x-ratelimit-limit'],
        cache: res.headers['cache-control'],
        nosniff: res.headers['x-content-type-options'],
        csp: res.headers['content-security-policy'],
        frames: res.headers['x-frame-options'],
      });
      expect(view(theirs)).toEqual(view(ours));
      // Every page and file outside the API carries the security headers (issue 38); an API error is typed JSON.
      if (/^\/(index\.html|reference\.css|explore|no-such-page|$)/.test(request)) {
        expect(theirs.headers['content-security-policy']).toMatch(/^default-src 'self';/);
        expect(theirs.headers['x-frame-options']).toBe('DENY');
        expect(theirs.headers['x-content-type-options']).toBe('nosniff');
      }
      if (theirs.status >= 400 && request.startsWith('/api'))
        expect(theirs.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it.each([
    ['OPTIONS', 204],
    ['POST', 405],
    ['DELETE', 405],
  ])('%s /api/v1 → %i with the same Allow / preflight / type / caching headers', async (method, status) => {
    const headers = { 'Access-Control-Request-Headers': 'X-Client' };
    const [ours, theirs] = [
      await rawRequest({ port: local.port, path: '/api/v1', method, headers }),
      await rawRequest({ port: nginxPort, path: '/api/v1', method, headers }),
    ];
    expect(theirs.status).toBe(status);
    for (const name of [
      'allow',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-max-age',
      'access-control-allow-origin',
      'access-control-expose-headers',
      'x-ratelimit-limit',
      'cache-control',
      'x-content-type-options',
      'content-type',
    ])
      expect(theirs.headers[name], name).toBe(ours.headers[name]);
    expect(theirs.body).toBe(ours.body);
  });

  it('says in the configuration what it cannot express', () => {
    expect(NGINX_LIMITS.join(' ')).toMatch(/X-RateLimit-Remaining and X-RateLimit-Reset are not sent/);
  });
});
