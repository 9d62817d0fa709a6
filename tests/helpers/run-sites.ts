// The test run's shared preparations (the released mini fixture, the mini site, the shipped site): each made once per
// run, by the first test file that asks for it, in the run's folder ($EV_TEST_RUN, made by tests/global-setup.ts); a
// lock folder lets one worker prepare it while the others wait, and a marker beside it says it is done or why it failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository: its own data/ is the shipped dataset. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Written next to the shared sites' public/ (outside it): no response may ever contain it. */
export const OUTSIDE_SENTINEL = 'SENTINEL-OUTSIDE-PUBLIC-7f3a';

/** The folder of this test run (every worker and child process of the run inherits it), or undefined outside a run. */
export function runFolder(): string | undefined {
  return process.env.EV_TEST_RUN;
}

const marker = (dir: string, name: 'built' | 'failed' | 'lock') => `${dir}.${name}`;

/** Claims the preparation of `dir` for this process: true when it got the lock (no other process holds it). */
function claim(dir: string): boolean {
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    mkdirSync(marker(dir, 'lock'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  writeFileSync(path.join(marker(dir, 'lock'), 'pid'), String(process.pid));
  return true;
}

/** 'done' when `dir` is prepared; throws its failure, or that its preparer died; else 'pending'. */
function state(dir: string, what: string): 'done' | 'pending' {
  if (existsSync(marker(dir, 'built'))) return 'done';
  if (existsSync(marker(dir, 'failed')))
    throw new Error(`${what} failed to build: ${readFileSync(marker(dir, 'failed'), 'utf8')}`);
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(marker(dir, 'lock'), 'pid'), 'utf8'));
  } catch {
    return 'pending'; // The lock was just taken: its pid comes next.
  }
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH')
      throw new Error(`${what}: the test process ${pid} that prepared it died before it finished`, { cause: error });
  }
  return 'pending';
}

const finished = (dir: string) => writeFileSync(marker(dir, 'built'), '');
const failed = (dir: string, error: unknown) => writeFileSync(marker(dir, 'failed'), String(error));

/** Prepares `dir` once per run with `prepare` (here, or in whichever process got there first, then waits for it). */
export async function preparedOnce(dir: string, what: string, prepare: () => Promise<void>): Promise<void> {
  if (claim(dir)) {
    try {
      await prepare();
      finished(dir);
    } catch (error) {
      failed(dir, error);
      throw error;
    }
    return;
  }
  while (state(dir, what) === 'pending') await new Promise((resolve) => setTimeout(resolve, 25));
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** preparedOnce, blocking: for the callers that need the folder at once (a site read where no hook can wait). */
export function preparedOnceSync(dir: string, what: string, prepare: () => void): void {
  if (claim(dir)) {
    try {
      prepare();
      finished(dir);
    } catch (error) {
      failed(dir, error);
      throw error;
    }
    return;
  }
  while (state(dir, what) === 'pending') Atomics.wait(pause, 0, 0, 25);
}

export type SiteName = 'mini' | 'shipped';

const PREPARE = fileURLToPath(new URL('./prepare-site.ts', import.meta.url));
const RUN_TYPESCRIPT = new URL('../../build/cli/run-typescript.mjs', import.meta.url).href;

/**
 * public/ of a shared site, built on first use in this run by a process of its own (tests/helpers/prepare-site.ts):
 * mini, the released mini fixture (`miniProject`) built as published; shipped, this repository's data/ in preview mode.
 */
export function builtSite(name: SiteName, miniProject: string): string {
  const run = runFolder();
  if (run === undefined) throw new Error(`the ${name} site is built by a test run (npx vitest), not outside one`);
  const dir = path.join(run, 'sites', name);
  const publicDir = path.join(dir, 'public');
  preparedOnceSync(dir, `the ${name} site`, () => {
    // The sentinels sit next to public/, for the traversal tests.
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: OUTSIDE_SENTINEL }));
    writeFileSync(path.join(dir, 'etc'), OUTSIDE_SENTINEL);
    const build = spawnSync(process.execPath, ['--import', RUN_TYPESCRIPT, PREPARE, name, publicDir, miniProject], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (build.status !== 0) throw new Error(build.stderr || `exit ${build.status ?? build.signal}`);
  });
  return publicDir;
}
