// The documentation points at what exists: every relative link (and its #anchor) of the README, CONTRIBUTING.md,
// data/README.md and docs/*.md, and every repository file a code span names; and the README keeps its promises to a
// new user: at most 160 lines, the two commands first with "needs Node 24" beside them, where the refusal points.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The Markdown files that document the project, relative to the root. */
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'data/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The text outside fenced code blocks, line by line (a fence's own lines and its content become empty lines). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, each space a hyphen. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');

/** Every anchor a Markdown text defines: its headings' (a repeated one numbered as GitHub numbers it) and its ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(text)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
    if (heading) {
      const base = anchorOf(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a id="([^"]+)"/g)) anchors.add(id!);
  }
  return anchors;
}

/** The relative link targets of a Markdown text (code spans and fenced blocks left out), each with its line. */
function linksOf(text: string): { target: string; line: number }[] {
  return prose(text).flatMap((line, index) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => ({ target: target!, line: index + 1 }))
      .filter(({ target }) => !/^[a-z]+:/i.test(target)),
  );
}

/**
 * The repository files a Markdown text names in code spans (`build/core/regions.ts`), each with its line: code, tests
 * and docs of any kind; under data/ only its own kinds (CSV, YAML, Markdown), since `data/*.json` also names the npm
 * package's folder.
 */
function filePathsOf(text: string): { file: string; line: number }[] {
  return prose(text).flatMap((line, index) =>
    [
      ...line.matchAll(
        /`((?:build|tests|docs)\/[\w./-]+\.(?:ts|mjs|md|csv|yaml|json|sh|png)|data\/[\w./-]+\.(?:csv|yaml|md))`/g,
      ),
    ].map(([, file]) => ({ file: file!, line: index + 1 })),
  );
}

/** The problems of one documentation file's links and named files, as `file:line: message`. */
function brokenReferences(file: string): string[] {
  const text = read(file);
  const problems: string[] = [];
  for (const { target, line } of linksOf(text)) {
    const [targetPath = '', anchor] = target.split('#');
    const resolved =
      targetPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), targetPath));
    if (!existsSync(path.join(ROOT, resolved))) {
      problems.push(`${file}:${line}: links to ${target}, which does not exist`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor))
      problems.push(`${file}:${line}: links to ${target}, which has no heading or id "${anchor}"`);
  }
  for (const { file: named, line } of filePathsOf(text)) {
    if (!existsSync(path.join(ROOT, named)) || !statSync(path.join(ROOT, named)).isFile())
      problems.push(`${file}:${line}: names ${named}, which does not exist`);
  }
  return problems;
}

describe('the documentation', () => {
  it('links only to files and headings that exist, and names only files that exist', () => {
    expect(DOCS).toContain('docs/architecture.md');
    expect(DOCS.flatMap(brokenReferences)).toEqual([]);
  });

  it('reads anchors, links and file names as GitHub and a reader do', () => {
    expect(anchorOf('5. What an edge says')).toBe('5-what-an-edge-says');
    expect(anchorOf('Publishing: exports, bundle, `npm start`')).toBe('publishing-exports-bundle-npm-start');
    expect(anchorOf("Netlify's emulator as a second opinion")).toBe('netlifys-emulator-as-a-second-opinion');
    expect([...anchorsOf('# A\n```sh\n# not a heading\n```\n## A\n<a id="x"></a>text\n')]).toEqual(['a', 'a-1', 'x']);
    expect(linksOf('[a](b.md#c) `[d](e.md)` [f](https://x.org) ![g](h.png)\n```\n[i](j.md)\n```\n')).toEqual([
      { target: 'b.md#c', line: 1 },
      { target: 'h.png', line: 1 },
    ]);
    expect(
      filePathsOf(
        '`build/core/regions.ts` and `tests/checks/<name>.test.ts`, `build/core/`\n`data/a.csv` `data/b.json`',
      ),
    ).toEqual([
      { file: 'build/core/regions.ts', line: 1 },
      { file: 'data/a.csv', line: 2 },
    ]);
  });
});

describe('the README', () => {
  const readme = read('README.md');

  it('is for users: at most 160 lines, the rest is in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(160);
  });

  it('starts with the two commands, "needs Node 24" beside each, where the refusal of an older Node points', () => {
    const firstLines = readme.split('\n').slice(0, 8);
    expect(firstLines.find((line) => line.startsWith('npm ci && npm start'))).toMatch(/needs Node 24/);
    expect(firstLines.find((line) => line.startsWith('npm test'))).toMatch(/needs Node 24/);
    expect(read('build/cli/run-typescript.mjs')).toContain("see the README's first lines");
  });
});
