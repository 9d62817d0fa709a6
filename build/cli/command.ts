// What every command line shares: strict flags, one clear line and exit 1 for any error, data problems as
// file:line:column, and a body that tests can run in-process (a command is a function of its arguments and output).
// A command imports the modules of its work only once its arguments are accepted, so a wrong flag is answered at once.
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DataError, formatProblem } from '../data/problems.ts';

/** An error whose message is the one line the user should read (no stack trace). */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** Where a command prints: stdout and stderr for the real command, arrays in tests. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export type Command = (args: readonly string[], output: Output) => Promise<void>;

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses arguments strictly: an unknown flag, a missing value or a stray argument is a CommandError with the usage. */
export function parseCommandLine<O extends Options>(
  args: readonly string[],
  usage: string,
  options: O,
  positionals: { min: number; max: number } = { min: 0, max: 0 },
) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: positionals.max > 0, strict: true });
  } catch (error) {
    throw new CommandError(
      `${(error as Error).message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '')}; usage: ${usage}`,
    );
  }
  if (parsed.positionals.length < positionals.min || parsed.positionals.length > positionals.max) {
    const expected =
      positionals.min === positionals.max ? `${positionals.min}` : `${positionals.min} to ${positionals.max}`;
    throw new CommandError(`expected ${expected} argument(s), got ${parsed.positionals.length}; usage: ${usage}`);
  }
  return parsed;
}

/** Runs a command; every failure ends as one line on stderr (data problems: one line each) and exit code 1. */
export async function execute(
  name: string,
  command: Command,
  args: readonly string[],
  output: Output,
): Promise<number> {
  try {
    await command(args, output);
    return 0;
  } catch (error) {
    if (error instanceof DataError) {
      for (const problem of error.problems) output.err(formatProblem(problem));
      output.err(`${name}: stopped, ${error.problems.length} problem(s) in data/`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      output.err(`${name}: ${message.split('\n')[0]}`);
    }
    return 1;
  }
}

export const consoleOutput: Output = { out: (text) => console.log(text), err: (text) => console.error(text) };

/** Runs the command when its module is the program (`node build/cli/<name>.ts`), not when a test imports it. */
export async function runAsProgram(moduleUrl: string, name: string, command: Command): Promise<void> {
  if (process.argv[1] === undefined || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  process.exitCode = await execute(name, command, process.argv.slice(2), consoleOutput);
}
