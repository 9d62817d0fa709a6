// The test run's folder, and nothing built up front: a unit test file runs alone in seconds.
//
// Design: the shared preparations are lazy. The run gets one folder ($EV_TEST_RUN, also $TMPDIR: every temp folder of
// the tests and of the CLI processes they start lives in it, and it is removed at the end). What several files read is
// prepared in it once per run by the first file that asks, while the other workers wait on its lock
// (tests/helpers/run-sites.ts): the mini fixture released with today's rules (MINI_FIXTURE, when a file imports
// tests/helpers/fixture.ts), the mini site (sharedSite('mini')) and the shipped site (useShippedSite()), each built by
// a process of its own (tests/helpers/prepare-site.ts). A file that asks for none of them builds nothing.
import { accessSync, constants, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

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

export default async function setup(): Promise<() => Promise<void>> {
  // Test workers and child processes inherit the environment: os.tmpdir() reads TMPDIR, run-sites.ts EV_TEST_RUN.
  const outer = { TMPDIR: process.env.TMPDIR, EV_TEST_RUN: process.env.EV_TEST_RUN };
  const runDir = await mkdtemp(path.join(tempRoot(), 'ev-test-run-'));
  // Traversable (not listable) by other users: nginx's unprivileged worker serves a folder inside it.
  await chmod(runDir, 0o711);
  process.env.TMPDIR = runDir;
  process.env.EV_TEST_RUN = runDir;
  // The end of the run: the environment as it was, and the run's folder gone.
  return async () => {
    for (const [name, value] of Object.entries(outer)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(runDir, { recursive: true, force: true });
  };
}
