// Prepares the sites many test files read, once per run: releases a copy of the mini fixture with today's rules and
// builds it as published, while a thread of its own builds the shipped dataset (preview), which the test files that
// need it wait for.
// Each lives in its own temp folder, with sentinel files planted beside public/ for the traversal tests.
import { accessSync, constants, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../build/pipeline/build-site.ts';
import { MINI_SOURCE, OUTSIDE_SENTINEL, releasedCopy } from './helpers/fixture.ts';
import { markUnfinishedBuild } from './helpers/shipped-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** public/ of the mini fixture built as published (its ledger is released). */
    miniSite: string;
    /** public/ of this repository's data/ built in preview mode (contributors' data need not be released), on a
     * thread of its own: a test file waits for it with useShippedSite(). */
    shippedSite: string;
  }
}

/** $TMPDIR when set; else a memory-backed /dev/shm when writable (the run writes some 200 MB of sites and copies); else /tmp. */
function tempRoot(): string {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // No tmpfs here: the system's temp folder.
  }
  return os.tmpdir();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Every temp folder of this run (the tests', and the CLI processes' they start) lives under one folder, removed at
  // the end: test workers and child processes inherit TMPDIR, and os.tmpdir() reads it.
  const outerTmp = process.env.TMPDIR;
  const runDir = await mkdtemp(path.join(tempRoot(), 'ev-test-run-'));
  // Traversable (not listable) by other users: nginx's unprivileged worker serves a folder inside it.
  await chmod(runDir, 0o711);
  process.env.TMPDIR = runDir;
  const root = await mkdtemp(path.join(runDir, 'ev-sites-'));
  // The sentinels sit next to each site's public/. The shipped data is built on a thread of its own from now on (the
  // machine's other core), while the mini fixture is built here (most files read it) and then the files that do not
  // need the shipped site run; the files that do wait for it (useShippedSite), and read its failure if it failed.
  const folder = async (name: string) => {
    await mkdir(path.join(root, name));
    await writeFile(path.join(root, name, 'package.json'), JSON.stringify({ name: OUTSIDE_SENTINEL }));
    await writeFile(path.join(root, name, 'etc'), OUTSIDE_SENTINEL);
    return path.join(root, name, 'public');
  };
  const shipped = await folder('shipped');
  const shippedBuild = new Worker(new URL('./helpers/shipped-site-thread.ts', import.meta.url), {
    workerData: { publicDir: shipped },
  });
  // A failure is left in the marker the waiting files read; a thread that stopped before it could say so, there too.
  shippedBuild.on('error', () => {});
  shippedBuild.on('exit', (code) => markUnfinishedBuild(shipped, `its thread stopped (exit code ${code})`));
  // The end of the run, or of a setup that failed: the shipped site's thread is still building only when no test file
  // needed it (or none ran); then the environment as it was, and the run's folder gone.
  const cleanUp = async () => {
    shippedBuild.removeAllListeners('exit');
    await shippedBuild.terminate();
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
    delete process.env.EV_MINI_FIXTURE;
    await rm(runDir, { recursive: true, force: true });
  };
  // The mini fixture, released with today's rules; the test workers (started after this) read it as MINI_FIXTURE.
  const miniProject = path.join(root, 'mini-project');
  const mini = await folder('mini');
  try {
    await releasedCopy(MINI_SOURCE, miniProject);
    await buildSite({ root: miniProject, publicDir: mini, history: 'enforce' });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  process.env.EV_MINI_FIXTURE = miniProject;
  project.provide('miniSite', mini);
  project.provide('shippedSite', shipped);
  return cleanUp;
}
