// Test helpers for the commands: run one in-process (fast, output captured) or as the real program (one per command).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execute, type Command } from '../../build/cli/command.ts';
import { PROJECT_ROOT } from './fixture.ts';

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Every command's module, by its name in package.json's scripts: each script that is one TypeScript program run the
 * way the project runs TypeScript (`node … --import ./build/cli/run-typescript.mjs <module>.ts`).
 */
export const COMMAND_MODULES: ReadonlyMap<string, string> = new Map(
  Object.entries(
    (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts,
  ).flatMap(([name, script]) => {
    const module = /^node (?:--\S+ )*--import \.\/build\/cli\/run-typescript\.mjs (\S+\.ts)$/.exec(script)?.[1];
    return module ? [[name, module] as const] : [];
  }),
);

/** The command a module declares (its `command` export). */
export async function commandOf(name: string): Promise<Command> {
  const module = COMMAND_MODULES.get(name);
  if (!module) throw new Error(`package.json has no command script "${name}"`);
  return ((await import(pathToFileURL(path.join(PROJECT_ROOT, module)).href)) as { command: Command }).command;
}

/** Runs a command in this process, as `npm run <name> -- <args>` would, and captures what it prints. */
export async function runCli(name: string, args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await execute(await commandOf(name), args, {
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
  const script = path.join(PROJECT_ROOT, COMMAND_MODULES.get(name) ?? `no script ${name}`);
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
