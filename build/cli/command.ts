// What every command line shares: each command declares its arguments, options (with their kinds and ranges) and an
// example; from that one declaration the mechanism prints `--help`, and refuses a wrong argument in one line, exit 2,
// before any work. A failure of the work itself is one clear line (data problems: file:line:column), exit 1. A command
// is a function of its arguments and output, so tests run it in-process. A command imports the modules of its work
// only once its arguments are accepted, so `--help` and a wrong flag are answered at once.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DataError, formatProblem } from '../data/problems.ts';
import { folder, type ValueKind } from './argument-kinds.ts';
import { flag, helpText, usageLine } from './help.ts';

/** An error whose message is the one line the user should read (no stack trace); exit 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** A wrong argument: refused before any work, one line, exit 2. A command may throw it for checks across options. */
export class UsageError extends CommandError {
  override name = 'UsageError';
}

/** Where a command prints: stdout and stderr for the real command, arrays in tests. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** An option: a switch (no `value`), or a flag with a value of a kind (a range, a folder, a day…). */
export interface OptionSpec<T = unknown> {
  description: string;
  value?: ValueKind<T>;
  default?: T;
  /** The default in words, when the value itself would not say it (e.g. "the current folder"). */
  defaultText?: string;
}

/** A positional argument, in order. */
export interface ArgumentSpec<T = unknown> {
  name: string;
  description: string;
  value: ValueKind<T>;
  optional?: boolean;
}

export interface CommandSpec<O extends Record<string, OptionSpec>, A extends readonly ArgumentSpec[]> {
  /** As in `npm run <name>`. */
  name: string;
  /** One sentence: what the command does. */
  summary: string;
  arguments?: A;
  options: O;
  /** Whole command lines, each worth copying. */
  examples: readonly [string, ...string[]];
}

/** Any command's declaration, as the help and the tests read it. */
export type DeclaredCommand = CommandSpec<Record<string, OptionSpec>, readonly ArgumentSpec[]>;

type OptionValue<S> =
  S extends OptionSpec<infer T>
    ? S extends { value: unknown }
      ? S extends { default: unknown }
        ? T
        : T | undefined
      : boolean
    : never;
type ArgumentValue<S> = S extends ArgumentSpec<infer T> ? (S extends { optional: true } ? T | undefined : T) : never;

export interface Parsed<O extends Record<string, OptionSpec>, A extends readonly ArgumentSpec[]> {
  options: { -readonly [K in keyof O]: OptionValue<O[K]> };
  arguments: { -readonly [S in A[number] as S['name']]: ArgumentValue<S> };
}

/** A command as the programs and the tests run it. */
export interface Command {
  readonly spec: DeclaredCommand;
  readonly help: string;
  run(args: readonly string[], output: Output): Promise<void>;
}

/** `--root`: the project folder the command works on (tests point it at a copy). */
export const ROOT_OPTION = {
  description: 'the project folder (holds data/)',
  value: folder,
  default: process.cwd(),
  defaultText: 'the current folder',
} satisfies OptionSpec<string>;

/** A value through its kind, or the one-line refusal naming what is expected. */
function valueOf<T>(kind: ValueKind<T>, text: string, what: string): T {
  const value = kind.parse(text);
  if (value === undefined) throw new UsageError(`${what} must be ${kind.expected}, got "${text}"`);
  return value;
}

/**
 * A value that starts with "-" is the option's value when the option takes one (`--runs -1` is refused by its range,
 * not as "ambiguous"); node's parser wants such values written `--runs=-1`.
 */
function joinDashValues(args: readonly string[], options: Record<string, OptionSpec>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg.startsWith('--') && !arg.includes('=') && options[arg.slice(2)]?.value && next?.startsWith('-')) {
      joined.push(`${arg}=${next}`);
      i += 1;
    } else joined.push(arg);
  }
  return joined;
}

/** The arguments read against the declaration; a wrong one is a UsageError (one line). */
export function parseCommandLine<O extends Record<string, OptionSpec>, A extends readonly ArgumentSpec[]>(
  spec: CommandSpec<O, A>,
  args: readonly string[],
): Parsed<O, A> {
  const declared = spec.arguments ?? [];
  const see = `; usage: ${usageLine(spec)}`;
  let parsed;
  try {
    parsed = parseArgs({
      args: joinDashValues(args, spec.options),
      options: Object.fromEntries(
        Object.entries(spec.options).map(([key, option]) => [key, { type: option.value ? 'string' : 'boolean' }]),
      ),
      allowPositionals: declared.length > 0,
      strict: true,
    });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]!.replace(/\. (To specify|This command) .*$/, '');
    throw new UsageError(`${reason}${see}`);
  }
  const options: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(spec.options)) {
    const text = parsed.values[key];
    options[key] =
      typeof text === 'string' && option.value ? valueOf(option.value, text, flag(key)) : (text ?? option.default);
    if (!option.value) options[key] ??= false;
  }
  const required = declared.filter((a) => !a.optional).length;
  if (parsed.positionals.length < required || parsed.positionals.length > declared.length) {
    const expected = required === declared.length ? `${required}` : `${required} to ${declared.length}`;
    throw new UsageError(`expected ${expected} argument(s), got ${parsed.positionals.length}${see}`);
  }
  const values: Record<string, unknown> = {};
  for (const [i, argument] of declared.entries()) {
    const text = parsed.positionals[i];
    values[argument.name] = text === undefined ? undefined : valueOf(argument.value, text, `<${argument.name}>`);
  }
  return { options, arguments: values } as Parsed<O, A>;
}

/** A command from its declaration and its work; `work` runs only on accepted arguments. */
export function defineCommand<
  const O extends Record<string, OptionSpec>,
  const A extends readonly ArgumentSpec[] = readonly [],
>(spec: CommandSpec<O, A>, work: (input: Parsed<O, A>, output: Output) => Promise<void>): Command {
  return {
    spec,
    help: helpText(spec),
    run: (args, output) => work(parseCommandLine(spec, args), output),
  };
}

/** Runs a command: `--help` prints the help (exit 0); a wrong argument is one line (exit 2); a failure one line (exit 1). */
export async function execute(command: Command, args: readonly string[], output: Output): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    output.out(command.help);
    return 0;
  }
  try {
    await command.run(args, output);
    return 0;
  } catch (error) {
    if (error instanceof DataError) {
      for (const problem of error.problems) output.err(formatProblem(problem));
      output.err(`${command.spec.name}: stopped, ${error.problems.length} problem(s) in data/`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    output.err(`${command.spec.name}: ${message.split('\n')[0]}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

export const consoleOutput: Output = { out: (text) => console.log(text), err: (text) => console.error(text) };

/** Runs the command when its module is the program (`node build/cli/<name>.ts`), not when a test imports it. */
export async function runAsProgram(moduleUrl: string, command: Command): Promise<void> {
  if (process.argv[1] === undefined || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  process.exitCode = await execute(command, process.argv.slice(2), consoleOutput);
}
