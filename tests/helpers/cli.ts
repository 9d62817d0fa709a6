// Test helpers for the commands: run one in-process (fast, output captured) or as the real program (one per command).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execute, type Command } from '../../build/cli/command.ts';
import { PROJECT_ROOT } from './fixture.ts';

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

const COMMANDS = {
  build: async () => (await import('../../build/cli/build.ts')).build,
  check: async () => (await import('../../build/cli/check.ts')).check,
  fix: async () => (await import('../../build/cli/fix.ts')).fix,
  docs: async () => (await import('../../build/cli/docs.ts')).docs,
  coverage: async () => (await import('../../build/cli/coverage.ts')).coverage,
  diff: async () => (await import('../../build/cli/diff.ts')).diff,
  release: async () => (await import('../../build/cli/release.ts')).release,
  serve: async () => (await import('../../build/cli/serve.ts')).serve,
  mirror: async () => (await import('../../build/cli/mirror.ts')).mirror,
  package: async () => (await import('../../build/cli/package.ts')).packageRelease,
  import: async () => (await import('../../build/cli/import.ts')).importDataset,
} satisfies Record<string, () => Promise<Command>>;

export type CommandName = keyof typeof COMMANDS;

/** Runs a command in this process, as `npm run <name> -- <args>` would, and captures what it prints. */
export async function runCli(name: CommandName, args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await execute(name, await COMMANDS[name](), args, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { status, stdout: out.map((line) => `${line}\n`).join(''), stderr: err.map((line) => `${line}\n`).join('') };
}

/** What package.json's scripts import first (Node 24 runs the TypeScript natively), by absolute URL: any working folder. */
const RUN_TYPESCRIPT = pathToFileURL(path.join(PROJECT_ROOT, 'build/cli/run-typescript.mjs')).href;

/** Runs a command as its own Node process (the real program, with its exit code). */
export function spawnCli(
  name: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  const script =
    name === 'fuzz'
      ? path.join(PROJECT_ROOT, 'tests/fuzz/fuzz-cli.ts')
      : path.join(PROJECT_ROOT, 'build/cli', `${name}.ts`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', RUN_TYPESCRIPT, script, ...args],
      { cwd: options.cwd ?? PROJECT_ROOT, env: { ...process.env, ...options.env } },
      (error, stdout, stderr) => {
        resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}
