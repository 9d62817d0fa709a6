// The formatting half of the static checks (static-checks.test.ts), on a thread of its own beside the type check and
// the linter: every file `npm run format` writes against prettier's output, and no line of build/ longer than
// MAX_BUILD_LINE (prettier leaves long strings and comments as they are: they are wrapped by hand). Posts what it
// found.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import fg from 'fast-glob';
import * as prettier from 'prettier';

/** What `npm run format` formats (package.json): the code and the root's config files. */
const FORMATTED = [
  'build/**/*.{ts,mjs,css}',
  'tests/**/*.ts',
  'eslint.config.js',
  'vitest.config.ts',
  'vitest.netlify.config.ts',
];

/** The longest line a file of build/ may have. */
const MAX_BUILD_LINE = 160;

export interface FormatProblems {
  /** Files prettier would rewrite. */
  unformatted: string[];
  /** `file:line: N characters` of each line of build/ over MAX_BUILD_LINE. */
  longLines: string[];
  maxLine: number;
}

async function formatProblems(): Promise<FormatProblems> {
  const files = await fg(FORMATTED, { ignore: ['tests/fixtures/**', '**/node_modules/**'] });
  const unformatted: string[] = [];
  const longLines: string[] = [];
  for (const file of files.sort()) {
    const text = await readFile(file, 'utf8');
    const options = await prettier.resolveConfig(file);
    if (!(await prettier.check(text, { ...options, filepath: file }))) unformatted.push(file);
    if (file.startsWith('build/'))
      for (const [index, line] of text.split('\n').entries())
        if (line.length > MAX_BUILD_LINE) longLines.push(`${file}:${index + 1}: ${line.length} characters`);
  }
  return { unformatted, longLines, maxLine: MAX_BUILD_LINE };
}

parentPort?.postMessage(await formatProblems());
