// The work of `npm run bench:loops`: fresh copies of the working tree, the README's two commands in them, and the
// data loops (diff, check) here, each a whole process timed from outside.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { median, secondsWithRuns, type Figures } from './figures.ts';

/** A copy of the working tree as git sees it (tracked and new files, nothing ignored: no node_modules, no public/). */
function freshCopy(dir: string): string {
  const copy = mkdtempSync(path.join(dir, 'ev-loops-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .toString()
    .split('\0')
    .filter((file) => file !== '' && existsSync(file));
  for (const file of files) cpSync(file, path.join(copy, file));
  return copy;
}

/**
 * Milliseconds of CPU (user and system) the processes this one waited for have used, all their waited-for descendants
 * included: /proc/self/stat's cutime and cstime, in Linux's 100 ticks a second; undefined where there is no /proc.
 */
function childrenCpuMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The environment of a command in the fresh copy, with `extra`: without this checkout's compile cache, which
 * run-typescript.mjs hands to the processes it starts, so that the copy starts as cold as a new clone.
 */
function copyEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_COMPILE_CACHE: _thisCheckouts, ...environment } = process.env;
  return { ...environment, ...extra };
}

/** A command's wall time and the CPU time of all its processes (undefined without /proc), in milliseconds. */
function timedWithCpu(command: string, args: string[], cwd: string): { ms: number; cpuMs?: number } {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  execFileSync(command, args, { cwd, stdio: 'ignore', env: copyEnvironment({ CI: '1' }) });
  const ms = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  return cpuBefore === undefined || cpuAfter === undefined ? { ms } : { ms, cpuMs: cpuAfter - cpuBefore };
}

const timed = (command: string, args: string[], cwd: string): number => timedWithCpu(command, args, cwd).ms;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** `npm start` until its first answer (GET /api/v1 is 200), then stopped: the time to that answer. */
async function startUntilFirstAnswer(cwd: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    stdio: 'ignore',
    detached: true,
    env: copyEnvironment({ PORT: `${port}` }),
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1`)).status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('waiting'), 100))]);
      if (code !== 'waiting') throw new Error(`npm start ended (exit ${String(code)}) before answering`);
    }
  } finally {
    // The whole group npm started (npm, sh, node): this process started it.
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

export async function measureLoops(
  figures: Figures,
  options: { runs: number; dir: string; npmTest: boolean },
): Promise<void> {
  const ci: number[] = [];
  const start: number[] = [];
  const tests: number[] = [];
  const testsCpu: number[] = [];
  const copies: string[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const copy = freshCopy(options.dir);
      copies.push(copy);
      ci.push(timed('npm', ['ci', '--no-audit', '--no-fund'], copy));
      start.push(await startUntilFirstAnswer(copy));
      if (options.npmTest) {
        const { ms, cpuMs } = timedWithCpu('npm', ['test'], copy);
        tests.push(ms);
        if (cpuMs !== undefined) testsCpu.push(cpuMs);
      }
    }
  } finally {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  }
  const firstAnswer = ci.map((ms, i) => ms + start[i]!);
  figures.report('npm ci (npm cache warm)', secondsWithRuns(ci));
  figures.report('npm start to the first answer', secondsWithRuns(start));
  figures.report('npm ci && npm start to the first answer', secondsWithRuns(firstAnswer), {
    atMost: 30,
    actual: median(firstAnswer) / 1000,
    text: 'target ≤ 30 s',
  });
  if (options.npmTest) {
    figures.report('npm test, in the fresh copy', secondsWithRuns(tests), {
      atMost: 60,
      actual: median(tests) / 1000,
      text: 'target ≤ 60 s',
    });
    // What a busy machine changes least: the CPU the run needs, and the time it would take with every core its own.
    if (testsCpu.length > 0) {
      const cores = os.availableParallelism();
      figures.report(
        '  its CPU time, all its processes',
        `${secondsWithRuns(testsCpu)}; ÷ ${cores} cores = ${(median(testsCpu) / cores / 1000).toFixed(1)} s`,
      );
    }
  }
  const here = process.cwd();
  const diffs = Array.from({ length: options.runs }, () =>
    timed('npm', ['run', '--silent', 'diff', '--', 'HEAD'], here),
  );
  figures.report('npm run diff -- HEAD', secondsWithRuns(diffs), {
    atMost: 5,
    actual: median(diffs) / 1000,
    text: 'target ≤ 5 s',
  });
  const checks = Array.from({ length: options.runs }, () => timed('npm', ['run', '--silent', 'check'], here));
  figures.report('npm run check', secondsWithRuns(checks), {
    atMost: 0.3,
    actual: median(checks) / 1000,
    text: 'target ≤ 0.3 s',
  });
}
