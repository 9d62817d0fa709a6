// `npm test`'s static step: the type check (what `tsc --noEmit` reports) and the linter (eslint, typed rules), in one
// process sharing one TypeScript program, so the project is type-checked once instead of twice, then the formatter's
// check (prettier, as `npm run format` writes it); exits 1 when any finds a problem, so the tests run only on code that
// type-checks, lints and is formatted clean. `npm run typecheck`, `npm run lint` and `npm run format` run each alone.
import { readFile } from 'node:fs/promises';
import { ESLint } from 'eslint';
import fg from 'fast-glob';
import * as prettier from 'prettier';
import ts from 'typescript';

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

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};
const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
      void process.stdout.write(ts.formatDiagnostic(diagnostic, host)),
  },
);
let failed = config === undefined;
if (config) {
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    configFileParsingDiagnostics: config.errors,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.stdout.write(
    `typecheck: ${diagnostics.length === 0 ? 'clean' : `${diagnostics.length} error(s)`} (${seconds()})\n`,
  );
  failed ||= diagnostics.length > 0;

  // The TypeScript files get their types from the program just checked; eslint.config.js says which rules apply.
  const eslint = new ESLint({
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const problems = results.reduce((n, result) => n + result.errorCount + result.warningCount, 0);
  if (problems > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results));
  process.stdout.write(`lint: ${problems === 0 ? 'clean' : `${problems} problem(s)`} (${seconds()})\n`);
  failed ||= problems > 0;
}

// The files `npm run format` writes, each checked against the formatter's output; and no line of build/ longer than
// MAX_BUILD_LINE (prettier leaves long strings and comments as they are: they are wrapped by hand).
const formatted = await fg(FORMATTED, { ignore: ['tests/fixtures/**', '**/node_modules/**'] });
const unformatted: string[] = [];
const longLines: string[] = [];
for (const file of formatted.sort()) {
  const text = await readFile(file, 'utf8');
  const options = await prettier.resolveConfig(file);
  if (!(await prettier.check(text, { ...options, filepath: file }))) unformatted.push(file);
  if (file.startsWith('build/'))
    for (const [index, line] of text.split('\n').entries())
      if (line.length > MAX_BUILD_LINE) longLines.push(`${file}:${index + 1}: ${line.length} characters`);
}
for (const file of unformatted) process.stdout.write(`${file}: not formatted (npm run format rewrites it)\n`);
for (const line of longLines) process.stdout.write(`${line}, more than ${MAX_BUILD_LINE} (wrap it)\n`);
const formatProblems = unformatted.length + longLines.length;
process.stdout.write(
  `format: ${formatProblems === 0 ? 'clean' : `${unformatted.length} file(s) to format, ${longLines.length} long line(s)`} (${seconds()})\n`,
);
failed ||= formatProblems > 0;

process.exitCode = failed ? 1 : 0;
