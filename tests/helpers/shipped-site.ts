// The shipped site's one build per test run: tests/global-setup.ts builds it on a thread of its own (shipped-site-
// thread.ts) while it builds the mini fixture, and a test file that needs it waits for it (useShippedSite). Marker
// files beside public/ say that it is built, or why it failed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../build/pipeline/build-site.ts';

/** This repository: its own data/ is the shipped dataset. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const markerOf = (publicDir: string, name: '.built' | '.failed') => path.join(path.dirname(publicDir), name);

/** Builds this repository's data/ into `publicDir` in preview mode (contributors' data need not be released). */
export async function buildShippedSite(publicDir: string): Promise<void> {
  try {
    await buildSite({ root: PROJECT_ROOT, publicDir, history: 'provisional' });
    writeFileSync(markerOf(publicDir, '.built'), '');
  } catch (error) {
    writeFileSync(markerOf(publicDir, '.failed'), String(error));
    throw error;
  }
}

/** Records `reason` as the build's failure unless it ended (a thread stopped before it could say so). */
export function markUnfinishedBuild(publicDir: string, reason: string): void {
  if (!existsSync(markerOf(publicDir, '.built')) && !existsSync(markerOf(publicDir, '.failed')))
    writeFileSync(markerOf(publicDir, '.failed'), reason);
}

/** Resolves once the shipped site is built; rejects with the build's failure. */
export async function shippedSiteBuilt(publicDir: string): Promise<void> {
  while (!existsSync(markerOf(publicDir, '.built'))) {
    if (existsSync(markerOf(publicDir, '.failed')))
      throw new Error(`the shipped site failed to build: ${readFileSync(markerOf(publicDir, '.failed'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
