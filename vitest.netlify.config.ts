// npm run test:netlify: the HTTP conformance tests the local server passes, aimed at Netlify's own emulator
// (@netlify/dev with Deno from npm) serving the same build; the differences it shows are listed in docs/cdn.md.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'tests/serve/http.test.ts',
      'tests/api/responses-match-openapi.test.ts',
      'tests/netlify-edge/emulator.netlify-test.ts',
    ],
    env: { EV_SERVER: 'netlify-dev' },
  },
});
