// Whether a test run aims the HTTP tests at Netlify's emulator (npm run test:netlify) instead of the local server, and
// the emulator started on a built site. The emulator's code (tests/netlify/emulator.ts) and its packages are loaded only
// then: they are installed for npm run test:netlify alone, so npm test neither needs nor type-checks them.
import { realpathSync } from 'node:fs';
import type { RunningServer } from '../../build/serve/server.ts';

export const ON_NETLIFY_EMULATOR = process.env.EV_SERVER === 'netlify-dev';

/** Netlify's emulator serving `publicDir`, behind an HTTP front on 127.0.0.1 (tests/netlify/emulator.ts). */
export async function startNetlifyEmulator(publicDir: string): Promise<RunningServer> {
  // A computed specifier: the type check of npm test does not follow it into packages it does not install.
  const emulator = new URL('../netlify/emulator.ts', import.meta.url).href;
  const { startNetlifyEmulator: start } = (await import(emulator)) as {
    startNetlifyEmulator: (publicDir: string) => Promise<RunningServer>;
  };
  // The release folder public links to: a Netlify build deploys a real folder (docs/cdn.md, "public is a link").
  return start(realpathSync(publicDir));
}
