// Deno from the npm package `deno` (its platform binary, never a download): the path of the binary, and an environment
// in which Deno and Netlify's tools find it first on PATH and keep their module cache in a temp folder.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The deno binary the `deno` package ships for this platform (linked next to its package.json on first use). */
export const denoBinary = (): string => (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();

/** process.env with that binary first on PATH (Netlify's DenoBridge looks for `deno` there) and a fresh DENO_DIR. */
export function denoEnvironment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${path.dirname(denoBinary())}${path.delimiter}${process.env.PATH ?? ''}`,
    DENO_DIR: mkdtempSync(path.join(os.tmpdir(), 'ev-deno-')),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
}
