// The Netlify edge function (build/netlify-edge/api-policy.ts) on Node: the runner-free cases of api-policy-cases.ts
// (Deno runs the same cases, deno.test.ts), and what the function must agree on with netlify.toml.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_RESPONSE_HEADERS } from '../../build/core/request-policy.ts';
import { RATE_LIMIT } from '../../build/core/rate-limit.ts';
import apiPolicy from '../../build/netlify-edge/api-policy.ts';
import { loadNetlifyConfig, type NetlifyConfig } from '../../build/serve/netlify-config.ts';
import { NETLIFY_TOML, PROJECT_ROOT } from '../helpers/fixture.ts';
import { API_POLICY_CASES } from './api-policy-cases.ts';

describe('the edge function on Node', () => {
  it.each(API_POLICY_CASES.map((c) => [c.name, c] as const))('%s', async (_name, policyCase) => {
    await policyCase.run();
  });
});

describe('the edge function and netlify.toml agree', () => {
  let config: NetlifyConfig;
  beforeAll(async () => {
    config = await loadNetlifyConfig(NETLIFY_TOML);
  });

  it('the headers the function sets itself equal the values of the /api/* header rule', () => {
    const rule = config.headerRules.find((candidate) => candidate.for === '/api/*');
    expect(rule).toBeDefined();
    for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) expect(rule?.values[name], name).toBe(value);
  });

  it('X-RateLimit-Limit in netlify.toml equals RATE_LIMIT', () => {
    expect(config.headersFor('/api/v1/vehicles/volt-a-400-2024')['X-RateLimit-Limit']).toBe(String(RATE_LIMIT));
  });

  it('the function netlify.toml declares on every /api/ path is the one tested here', async () => {
    for (const path of ['/api', '/api/v1', '/api/v1/vehicles/x', '/api/v1/compatibility/a/b', '/api/nope'])
      expect(config.hasEdgeFunction(path), path).toBe(true);
    expect(config.hasEdgeFunction('/404.html')).toBe(false);
    const toml = parseToml(readFileSync(NETLIFY_TOML, 'utf8')) as {
      build: { edge_functions: string };
      edge_functions: { function: string }[];
    };
    for (const declared of toml.edge_functions) {
      const module = (await import(
        /* @vite-ignore */ pathToFileURL(path.join(PROJECT_ROOT, toml.build.edge_functions, `${declared.function}.ts`))
          .href
      )) as { default: unknown };
      expect(module.default, declared.function).toBe(apiPolicy);
    }
  });
});
