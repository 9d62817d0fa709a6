// What every command line shares: strict flags, one clear line and exit 1 for any error, data problems as file:line:column.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DataError, formatProblem } from '../data/problems.ts';

/** An error whose message is the one line the user should read (no stack trace). */
export class CommandError extends Error {
  override name = 'CommandError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses argv strictly: an unknown flag, a missing value or a stray argument is a CommandError naming it and the usage. */
export function parseCommandLine<O extends Options>(usage: string, options: O, positionals: { min: number; max: number } = { min: 0, max: 0 }) {
  let parsed;
  try {
    parsed = parseArgs({ options, allowPositionals: positionals.max > 0, strict: true });
  } catch (error) {
    throw new CommandError(`${(error as Error).message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '')}; usage: ${usage}`);
  }
  if (parsed.positionals.length < positionals.min || parsed.positionals.length > positionals.max) {
    throw new CommandError(`expected ${positionals.min === positionals.max ? positionals.min : `${positionals.min} to ${positionals.max}`} argument(s), got ${parsed.positionals.length}; usage: ${usage}`);
  }
  return parsed;
}

/** Runs a command's body; every failure ends as one line on stderr (data problems: one line each) and exit code 1. */
export async function runCommand(name: string, body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof DataError) {
      for (const problem of error.problems) console.error(formatProblem(problem));
      console.error(`${name}: stopped, ${error.problems.length} problem(s) in data/`);
    } else if (error instanceof CommandError) {
      console.error(`${name}: ${error.message}`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${name}: ${message.split('\n')[0]}`);
    }
    process.exitCode = 1;
  }
}
