// The cases of api-policy-cases.ts on Deno, Netlify's edge runtime: `deno test` runs this file (deno.test.ts starts it
// with no network, no npm and no remote module, from the deno package's binary).
import { test } from 'node:test';
import { API_POLICY_CASES } from './api-policy-cases.ts';

for (const policyCase of API_POLICY_CASES) void test(policyCase.name, () => policyCase.run());
