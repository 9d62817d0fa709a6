// The README's examples are real: each `$ curl` in its Examples block, and in docs/examples.md's, is replayed against
// the shipped data, built and served.
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, useShippedSite } from '../helpers/fixture.ts';
import { rawRequest, useServer } from '../helpers/http.ts';

interface Example {
  command: string;
  path: string;
  withHead: boolean;
  pipe: string | null;
  expected: string;
}

/** The files whose Examples block is replayed: the README, and the further examples it links to. */
const EXAMPLE_FILES = ['README.md', 'docs/examples.md'] as const;

/** The `$ curl` commands of a file's Examples block (the README's by default), each with the lines printed under it. */
function readmeExamples(file: (typeof EXAMPLE_FILES)[number] = 'README.md'): Example[] {
  const readme = readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
  const block = readme.split('### Examples')[1]?.split('```sh\n')[1]?.split('\n```')[0] ?? '';
  return block.split('\n\n').map((chunk) => {
    const [command = '', ...output] = chunk.split('\n');
    const match = /^\$ curl -s(i?) '?http:\/\/127\.0\.0\.1:8080([^' ]+)'?(?: \| (.+))?$/.exec(command);
    if (!match) throw new Error(`${file} example not understood: ${command}`);
    return {
      command,
      withHead: match[1] === 'i',
      path: match[2]!,
      pipe: match[3] ?? null,
      expected: output.join('\n'),
    };
  });
}

/** What the shell pipeline of an example prints for a response. */
function printed(example: Example, status: number, headers: Record<string, string>, body: string): string {
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
  ];
  // The shell shows the body's final newline as the end of the last line.
  const shown = body.replace(/\n$/, '');
  const text = example.withHead ? [...head, shown].join('\n') : shown;
  if (example.pipe === null) return text;
  const headBytes = /^head -c (\d+)$/.exec(example.pipe);
  if (headBytes) return text.slice(0, Number(headBytes[1]));
  if (example.pipe === "sed -n '1p;$p'") {
    const lines = text.split('\n');
    return `${lines[0]}\n${lines[lines.length - 1]}`;
  }
  throw new Error(`pipe not understood: ${example.pipe}`);
}

/** Whether `actual` matches `expected`, where "…" stands for elided text: the pieces appear in order, anchored at both ends. */
function matchesElided(actual: string, expected: string): boolean {
  const pieces = expected.split('…');
  if (pieces.length === 1) return actual === expected;
  if (!actual.startsWith(pieces[0]!) || !actual.endsWith(pieces[pieces.length - 1]!)) return false;
  let at = pieces[0]!.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = actual.indexOf(piece, at);
    if (found === -1) return false;
    at = found + piece.length;
  }
  return at <= actual.length - pieces[pieces.length - 1]!.length;
}

/** Fails with the file, the command, what the file shows and what the server printed. */
function expectElidedMatch(actual: string, expected: string, command: string, file = 'README.md'): void {
  if (!matchesElided(actual, expected)) {
    throw new Error(
      `${file} example no longer true:\n  command:  ${command}\n  shows:    ${expected.replace(/\n/g, '\n            ')}\n  actual:   ${actual.replace(/\n/g, '\n            ')}\n(update ${file}, eliding with … what a release or a data change may alter)`,
    );
  }
}

describe('README examples', () => {
  const site = useShippedSite();
  const running = useServer(() => site);

  it('has examples for the index, every resource kind and the errors', () => {
    const paths = readmeExamples().map((example) => example.path);
    expect(paths).toContain('/api/v1');
    for (const prefix of ['/api/v1/vehicles/', '/api/v1/chargers/', '/api/v1/compatibility/']) {
      expect(paths.some((p) => p.startsWith(prefix))).toBe(true);
    }
    expect(readmeExamples().filter((example) => example.withHead).length).toBeGreaterThanOrEqual(2);
  });

  it('prints what the local server answers today for each command, in the README and in docs/examples.md', async () => {
    for (const file of EXAMPLE_FILES) {
      const examples = readmeExamples(file);
      expect(examples.length, file).toBeGreaterThan(3);
      for (const example of examples) {
        const res = await rawRequest({ port: running.server.port, path: example.path });
        const shown = printed(example, res.status, res.headers, res.body);
        expectElidedMatch(shown, example.expected, example.command, file);
      }
    }
  });

  it('the elided comparison fails on a changed figure, naming the file, the command, its text and the actual text', () => {
    expect(() =>
      expectElidedMatch('{"kw":150,"state":"adp"}', '{"kw":120,…}', '$ curl probe', 'docs/examples.md'),
    ).toThrow(
      /^docs\/examples\.md example no longer true:\n {2}command: +\$ curl probe\n {2}shows: +\{"kw":120,…\}\n {2}actual: +\{"kw":150,"state":"adp"\}\n\(update docs\/examples\.md,/,
    );
    expect(matchesElided('{"kw":150,"state":"adp"}', '{"kw":150,…"adp"}')).toBe(true);
    expect(matchesElided('abc', 'a…b…c')).toBe(true);
    expect(matchesElided('ac', 'a…b…c')).toBe(false);
    expect(matchesElided('abcabc', 'abc…abc')).toBe(true);
    expect(matchesElided('abc', 'abc…abc')).toBe(false);
  });
});
