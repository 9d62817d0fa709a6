// How a command describes itself, from its declaration (command.ts): the one-line usage that every refusal ends with,
// and the text of `--help` (usage, what it does, each argument and option with its default, examples).
import type { DeclaredCommand, OptionSpec } from './command.ts';

export const flag = (key: string) => `--${key}`;

function optionUsage(key: string, spec: OptionSpec): string {
  return spec.value ? `${flag(key)} ${spec.value.placeholder}` : flag(key);
}

/** How a user runs the command: `npm run <name>`, or npm's own shorthand `npm start`. */
export const invocation = (name: string) => (name === 'start' ? 'npm start' : `npm run ${name}`);

/** `npm run <name> -- <arg> [--option <value>] …`: every option is optional. */
export function usageLine(spec: DeclaredCommand): string {
  const words = [
    ...(spec.arguments ?? []).map((a) => (a.optional ? `[<${a.name}>]` : `<${a.name}>`)),
    ...Object.entries(spec.options).map(([key, option]) => `[${optionUsage(key, option)}]`),
  ];
  return `${invocation(spec.name)}${words.length > 0 ? ` -- ${words.join(' ')}` : ''}`;
}

/** Text cut into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

const HELP_WIDTH = 100;

export function helpText(spec: DeclaredCommand): string {
  /** Two columns: the flag or argument, then its description wrapped under itself. */
  const rows = (entries: [string, string][]) => {
    const width = Math.max(...entries.map(([left]) => left.length));
    return entries.flatMap(([left, right]) =>
      wrap(right, HELP_WIDTH - width - 4).map((part, i) => `  ${(i === 0 ? left : '').padEnd(width)}  ${part}`),
    );
  };
  const defaultOf = (option: OptionSpec) =>
    option.defaultText ??
    (typeof option.default === 'string' || typeof option.default === 'number' ? String(option.default) : undefined);
  const lines = [`usage: ${usageLine(spec)}`, '', ...wrap(spec.summary, HELP_WIDTH)];
  if (spec.arguments?.length)
    lines.push(
      '',
      'arguments:',
      ...rows(spec.arguments.map((a) => [`<${a.name}>`, `${a.description}${a.optional ? ' (optional)' : ''}`])),
    );
  const options: [string, string][] = Object.entries(spec.options).map(([key, option]) => {
    const fallback = defaultOf(option);
    return [optionUsage(key, option), `${option.description}${fallback ? ` (default: ${fallback})` : ''}`];
  });
  options.push(['--help', 'print this help and exit']);
  lines.push('', 'options:', ...rows(options), '', `example${spec.examples.length > 1 ? 's' : ''}:`);
  lines.push(...spec.examples.map((example) => `  ${example}`));
  return lines.join('\n');
}
