// A build killed (SIGKILL) at seeded points, or failing on a full disk (ENOSPC injected at each phase), while switching
// between two releases of the mini fixture: public/ always serves one complete release, and the next build recovers.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { releaseDataset } from '../../build/release/release.ts';
import { lockFile } from '../../build/write/build-lock.ts';
import { releasesDir } from '../../build/write/releases.ts';
import { runCli } from '../helpers/cli.ts';
import {
  copyBuiltFixture,
  copyFixture,
  editData,
  MINI_VERSION,
  NEXT_MINI_VERSION,
  PROJECT_ROOT,
} from '../helpers/fixture.ts';
import { servedRelease } from '../helpers/served-release.ts';

const KILLS = 50;
/** The seed of the kill schedule (the number): the same points on every run. */
const SEED = 38;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BUILD = path.join(PROJECT_ROOT, 'build/cli/build.ts');
const RUN_TYPESCRIPT = pathToFileURL(path.join(PROJECT_ROOT, 'build/cli/run-typescript.mjs')).href;

/** A process's state letter from /proc (Linux): "T" once it is stopped. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

/** The release folders (each served release also has its record of changes beside it, `.<release>-changes.json`). */
const releaseFolders = (publicDir: string) =>
  readdirSync(releasesDir(publicDir)).filter((name) => !name.startsWith('.'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The build processes still running: a test that ended early (failed, timed out) leaves none to the next one. */
const running = new Set<ChildProcess>();
afterEach(async () => {
  // Reaped before the next test starts: its build must find the lock of a dead process, not of a live one.
  await Promise.all(
    [...running].map((child) => {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGKILL');
      return exited;
    }),
  );
  running.clear();
});

/**
 * `npm run build -- --root <root>` as its own process, with a fault setting. Each time it is stopped (SIGSTOP: by
 * `stop@…` at a fault point, or by us at one of `stopAtMs`), `frozen` looks at the disk, which holds then exactly what a
 * kill at that moment leaves; the process is then continued, or killed with SIGKILL at its `stops`th stop.
 */
async function buildProcess(
  root: string,
  fault: string,
  { stops = Infinity, stopAtMs = [] as number[], frozen = async () => {} } = {},
): Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number; stopped: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', RUN_TYPESCRIPT, BUILD, '--root', root], {
    env: { ...process.env, EV_BUILD_FAULT: fault },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.on('close', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exit: { status: number | null; signal: NodeJS.Signals | null } | null = null;
  const closed = new Promise<void>((resolve) =>
    child.on('close', (status, signal) => {
      exit = { status, signal };
      resolve();
    }),
  );
  const delays = [...stopAtMs].sort((a, b) => a - b);
  let stopped = 0;
  while (exit === null) {
    await sleep(5);
    if (delays.length > 0 && performance.now() - started >= delays[0]!) {
      delays.shift();
      child.kill('SIGSTOP');
    }
    if (processState(child.pid!) !== 'T') continue;
    stopped += 1;
    await frozen();
    child.kill(stopped >= stops ? 'SIGKILL' : 'SIGCONT');
    if (stopped >= stops) break;
  }
  await closed;
  const { status, signal } = exit!;
  return { status, signal, stderr, ms: performance.now() - started, stopped };
}

let root: string;
/** data/ of each release: the fixture's, and the next one (one trim renamed, released). */
const data = new Map<string, string>();

/** Puts the data of `version` in the project, so that the next build builds that release. */
function useData(version: string): void {
  rmSync(path.join(root, 'data'), { recursive: true, force: true });
  cpSync(data.get(version)!, path.join(root, 'data'), { recursive: true });
}

/** `count` distinct fault points from 1 to `of`, in order. */
function seededPoints(random: () => number, of: number, count: number): number[] {
  const points = new Set<number>();
  while (points.size < Math.min(count, of)) points.add(1 + Math.floor(random() * of));
  return [...points].sort((a, b) => a - b);
}

const other = (version: string) => (version === MINI_VERSION ? NEXT_MINI_VERSION : MINI_VERSION);

beforeAll(async () => {
  root = await copyBuiltFixture('enforce');
  const store = mkdtempSync(path.join(os.tmpdir(), 'ev-releases-'));
  cpSync(path.join(root, 'data'), path.join(store, MINI_VERSION), { recursive: true });
  const next = copyFixture();
  editData(next, 'vehicles.csv', (t) => t.replace('Fixture,Volt A,400,', 'Fixture,Volt A,401,'));
  await releaseDataset({ root: next, date: '2026-03-01' });
  cpSync(path.join(next, 'data'), path.join(store, NEXT_MINI_VERSION), { recursive: true });
  for (const version of [MINI_VERSION, NEXT_MINI_VERSION]) data.set(version, path.join(store, version));
});

describe('one swap per build', () => {
  it(`kill -9 at ${KILLS} seeded points leaves one complete release, the previous or the new one`, async ({
    signal,
  }) => {
    const random = seeded(SEED);
    const public_ = path.join(root, 'public');
    let served = (await servedRelease(public_)).datasetVersion;
    // The fault points of a build switching releases, and how long a whole build process takes.
    const trace = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-trace-')), 'points');
    useData(other(served));
    const traced = await buildProcess(root, `trace@${trace}`);
    expect(traced.status, traced.stderr).toBe(0);
    const points = readFileSync(trace, 'utf8').trim().split('\n');
    expect(points).toEqual(expect.arrayContaining(['cloned', 'write', 'committed', 'exports', 'swapped']));
    served = (await servedRelease(public_)).datasetVersion;

    // Each build process is stopped at up to PER_PROCESS seeded moments, the disk checked at each (what a kill there
    // leaves), and killed with SIGKILL at the last: several kills' worth of checks per process, one real kill each.
    const PER_PROCESS = 10;
    const landed = { previous: 0, next: 0 };
    let checked = 0;
    let killed = 0;
    for (let run = 0; checked < KILLS; run += 1) {
      // A test that timed out starts no further build (afterEach killed the one it waited for).
      signal.throwIfAborted();
      const target = other(served);
      useData(target);
      const count = Math.min(PER_PROCESS, KILLS - checked);
      const frozen = async () => {
        const now = await servedRelease(public_);
        expect([served, target]).toContain(now.datasetVersion);
        landed[now.datasetVersion === target ? 'next' : 'previous'] += 1;
        checked += 1;
      };
      // Even processes: stopped at seeded fault points (the synchronous steps); odd ones: at seeded delays (the
      // asynchronous ones too, such as the exports and the bundle being streamed).
      const result =
        run % 2 === 0
          ? await buildProcess(root, `stop@${seededPoints(random, points.length, count).join(',')}`, {
              stops: count,
              frozen,
            })
          : await buildProcess(root, '', {
              stops: count,
              stopAtMs: Array.from({ length: count }, () => Math.round(traced.ms * (0.2 + 0.9 * random()))),
              frozen,
            });
      if (result.signal === 'SIGKILL') killed += 1;
      else expect(result.status, result.stderr).toBe(0);
      const now = await servedRelease(public_);
      expect([served, target]).toContain(now.datasetVersion);
      served = now.datasetVersion;
    }
    console.log(
      `kill -9 at ${KILLS} seeded points (of ${points.length} fault points, or seeded delays; ${killed} processes ` +
        `killed at their last point, the others checked frozen there): ${landed.previous} left the previous ` +
        `release, ${landed.next} the new one, 0 a mix`,
    );
    expect(landed.previous + landed.next).toBe(KILLS);
    expect(landed.previous).toBeGreaterThan(0);
    expect(landed.next).toBeGreaterThan(0);
    expect(killed).toBeGreaterThan(0);

    // The next build recovers: it takes the dead build's lock over, deletes what the killed builds left, swaps.
    signal.throwIfAborted();
    useData(other(served));
    const recovered = await buildProcess(root, '');
    expect(recovered.status, recovered.stderr).toBe(0);
    expect((await servedRelease(public_)).datasetVersion).toBe(other(served));
    expect(releaseFolders(public_).length).toBeLessThanOrEqual(2);
    expect(existsSync(lockFile(public_))).toBe(false);
  }, 300_000);

  const PHASES = [
    ['cloned', 'previous'],
    ['write', 'previous'],
    ['staged', 'previous'],
    ['move', 'previous'],
    ['committed', 'previous'],
    ['exports', 'previous'],
    ['bundle', 'previous'],
    ['mirror.json', 'previous'],
    ['published', 'previous'],
    ['swapped', 'next'],
    ['state', 'next'],
  ] as const;

  it('a full disk after each phase fails the build in one line and leaves one complete release', async () => {
    const public_ = path.join(root, 'public');
    const landed = { previous: 0, next: 0 };
    for (const [phase, expected] of PHASES) {
      const before = (await servedRelease(public_)).datasetVersion;
      useData(other(before));
      process.env.EV_BUILD_FAULT = `enospc@${phase}`;
      let result;
      try {
        result = await runCli('build', ['--root', root]);
      } finally {
        delete process.env.EV_BUILD_FAULT;
      }
      expect(result.status, phase).toBe(1);
      expect(result.stderr, phase).toBe(`build: ENOSPC: no space left on device, write (injected at ${phase})\n`);
      const after = (await servedRelease(public_)).datasetVersion;
      expect(after, phase).toBe(expected === 'next' ? other(before) : before);
      landed[expected] += 1;
      expect(existsSync(lockFile(public_)), phase).toBe(false);
    }
    console.log(
      `a full disk at ${PHASES.length} phases: ${landed.previous} left the previous release, ${landed.next} the new one ` +
        '(the failure came after the swap), 0 a mix',
    );
    // A failure before the swap removes its release folder, and a build deletes older releases as it starts.
    expect(releaseFolders(public_).length).toBeLessThanOrEqual(2);
  }, 180_000);
});
