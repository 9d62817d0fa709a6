// The static checks, as the first test file of a run (vitest.config.ts starts it first): the type check (what
// `tsc --noEmit` reports) and the linter (eslint, typed rules) over one TypeScript program, so the project is
// type-checked once instead of twice, while the formatter's check runs on a thread of its own (format-check.ts); the
// other test files run beside them on the machine's other core. `npm run typecheck`, `npm run lint` and
// `npm run format` run each alone.
import { Worker } from 'node:worker_threads';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadAnswer } from '../../build/infra/thread-answer.ts';
import type { FormatProblems } from './format-check.ts';

/** Minutes, not seconds: this file shares the machine with every other test file of the run. */
const TIMEOUT = 300_000;

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

describe('the static checks', () => {
  let formatted: Promise<FormatProblems>;
  /** Some 400 MB, dropped after the file: the worker goes on to run other test files. */
  let program: ts.Program | undefined;
  beforeAll(() => {
    formatted = threadAnswer(new Worker(new URL('./format-check.ts', import.meta.url)), "the format check's thread");
    // Read by the format test; a run that filtered it out leaves a failure unread, not unhandled.
    formatted.catch(() => {});
    const config = ts.getParsedCommandLineOfConfigFile(
      'tsconfig.json',
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.formatDiagnostic(diagnostic, host));
        },
      },
    )!;
    program = ts.createProgram({
      rootNames: config.fileNames,
      options: config.options,
      configFileParsingDiagnostics: config.errors,
    });
  }, TIMEOUT);
  afterAll(() => {
    program = undefined;
  });

  it(
    'type-checks clean (npm run typecheck)',
    () => {
      const diagnostics = ts.getPreEmitDiagnostics(program!);
      expect(diagnostics.length, ts.formatDiagnosticsWithColorAndContext(diagnostics, host)).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'lints clean with the types of the program just checked (npm run lint)',
    async () => {
      // eslint.config.js says which rules apply; the TypeScript files get their types from the program.
      const eslint = new ESLint({
        overrideConfig: [
          { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false, programs: [program!] } } },
        ],
      });
      const results = await eslint.lintFiles(['.']);
      const problems = results.reduce((n, result) => n + result.errorCount + result.warningCount, 0);
      const report = problems > 0 ? await (await eslint.loadFormatter('stylish')).format(results) : '';
      expect(problems, report).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'is formatted as prettier formats it, with no line of build/ too long to read (npm run format)',
    async () => {
      const { unformatted, longLines, maxLine } = await formatted;
      expect(unformatted, 'not formatted (npm run format rewrites them)').toEqual([]);
      expect(longLines, `more than ${maxLine} characters (wrap them)`).toEqual([]);
    },
    TIMEOUT,
  );
});
