// What Netlify's own bundler (@netlify/edge-bundler, the code a deploy runs) makes of build/netlify-edge/ and the
// [[edge_functions]] of netlify.toml: the manifest holds the platform rate limit as a traffic rule of the function, and
// its routes (Netlify's regular expressions) send every spelling of an /api path to the function and nothing else.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bundle } from '@netlify/edge-bundler';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITED_PATH } from '../../build/core/errors.ts';
import { RATE_LIMIT, RATE_WINDOW_MS } from '../../build/core/rate-limit.ts';
import { denoEnvironment } from '../helpers/deno.ts';
import { NETLIFY_TOML, PROJECT_ROOT } from '../helpers/fixture.ts';

interface Manifest {
  routes: { function: string; pattern: string; excluded_patterns: string[] }[];
  function_config: Record<string, { traffic_rules?: unknown }>;
}

const toml = parseToml(readFileSync(NETLIFY_TOML, 'utf8')) as {
  build: { edge_functions: string };
  edge_functions: { function: string }[];
};
let manifest: Manifest;
/**
 * The bundler's folders, and its temp files (TMPDIR), on disk in the project's cache: Deno refuses to write under
 * /dev (where a test run's temp folder may be) without --allow-all, which the bundler does not give it. A project that
 * lives under /dev itself (a copy in /dev/shm) has them in /tmp.
 */
const CACHE = PROJECT_ROOT.startsWith('/dev/') ? '/tmp' : path.join(PROJECT_ROOT, 'node_modules', '.cache');
let work: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  // The bundler runs Deno (found on PATH) to read the function's config and to bundle it. It also asks Netlify's
  // server whether newer types exist: that request is answered "offline" here, so nothing leaves the machine.
  mkdirSync(CACHE, { recursive: true });
  work = mkdtempSync(path.join(CACHE, 'ev-edge-bundle-'));
  Object.assign(process.env, denoEnvironment(), { TMPDIR: work });
  vi.stubGlobal('fetch', () => Promise.reject(new Error('offline: no request leaves the test')));
  const dist = path.join(work, 'dist');
  await bundle([path.join(PROJECT_ROOT, toml.build.edge_functions)], dist, toml.edge_functions as never, {
    basePath: PROJECT_ROOT,
    cacheDirectory: path.join(work, 'deno-cli'),
    importMapPaths: [path.join(import.meta.dirname, 'offline', 'import-map.json')],
    systemLogger: () => {},
    userLogger: () => {},
  });
  manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as Manifest;
}, 60_000);

afterAll(() => {
  vi.unstubAllGlobals();
  rmSync(work, { recursive: true, force: true });
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

describe("Netlify's bundler on build/netlify-edge/ and netlify.toml", () => {
  it('writes the platform rate limit into the manifest: 60 a minute, sliding, per IP and domain, rewritten to the 429 document', () => {
    expect(manifest.function_config['api-policy']?.traffic_rules).toEqual({
      action: {
        type: 'rewrite',
        config: {
          to: RATE_LIMITED_PATH,
          rate_limit_config: {
            window_limit: RATE_LIMIT,
            window_size: RATE_WINDOW_MS / 1000,
            algorithm: 'sliding_window',
          },
          aggregate: { keys: [{ type: 'ip' }, { type: 'domain' }] },
        },
      },
    });
  });

  const routed = (pathname: string) =>
    manifest.routes.some(
      (route) =>
        new RegExp(route.pattern).test(pathname) &&
        !route.excluded_patterns.some((excluded) => new RegExp(excluded).test(pathname)),
    );

  it.each([
    '/api',
    '/api/',
    '/api/v1',
    '/api/v1/vehicles/x/',
    '/api/v1/compatibility/a/b',
    '//api/v1/vehicles',
    '/api//v1',
    '/%61pi/v1',
    '/ap%69/v1/vehicles/x',
    '/x/../api/v1',
    '/api/v1/%2e%2e/v1',
    '/%zz',
  ])('routes %s to the function', (pathname) => {
    expect(manifest.routes.every((route) => route.function === 'api-policy')).toBe(true);
    expect(routed(pathname)).toBe(true);
  });

  it.each(['/', '/index.html', '/404.html', '/explore', '/explore/', '/explore/explore.js', '/API/v1', '/apix'])(
    'leaves %s to the CDN alone',
    (pathname) => {
      expect(routed(pathname)).toBe(false);
    },
  );
});
