// The shipped site's one build per test run: tests/global-setup.ts starts it on a thread of its own (shipped-site-
// thread.ts) while it builds the mini fixture, and a test file that needs it waits for it (useShippedSite). A lock
// folder makes it one build whoever starts it; marker files beside public/ say it is done or why it failed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../build/pipeline/build-site.ts';

/** This repository: its own data/ is the shipped dataset. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds this repository's data/ into `publicDir` in preview mode (contributors' data need not be released) unless
 * someone else has started it; then resolves once it is built, or rejects with the builder's error.
 */
export async function buildShippedSiteOnce(publicDir: string): Promise<void> {
  const marker = (name: string) => path.join(path.dirname(publicDir), name);
  try {
    mkdirSync(marker('.building'));
  } catch {
    while (!existsSync(marker('.built'))) {
      if (existsSync(marker('.failed')))
        throw new Error(`the shipped site failed to build: ${readFileSync(marker('.failed'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return;
  }
  try {
    await buildSite({ root: PROJECT_ROOT, publicDir, history: 'provisional' });
    writeFileSync(marker('.built'), '');
  } catch (error) {
    writeFileSync(marker('.failed'), String(error));
    throw error;
  }
}
