// `npm test`'s static step: the type check (what `tsc --noEmit` reports) and the linter (eslint, typed rules), in one
// process sharing one TypeScript program, so the project is type-checked once instead of twice; meanwhile, on a thread
// of its own (the machine's other core), the formatter's check (format-check.ts). Exits 1 when any finds a problem, so
// the tests run only on code that type-checks, lints and is formatted clean. `npm run typecheck`, `npm run lint` and
// `npm run format` run each alone.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { ESLint } from 'eslint';
import ts from 'typescript';
import type { FormatProblems } from './format-check.ts';

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const formatCheck = new Worker(new URL('./format-check.ts', import.meta.url));
const formatted = once(formatCheck, 'message').then(([problems]) => problems as FormatProblems);

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

const { unformatted, longLines, maxLine } = await formatted;
for (const file of unformatted) process.stdout.write(`${file}: not formatted (npm run format rewrites it)\n`);
for (const line of longLines) process.stdout.write(`${line}, more than ${maxLine} (wrap it)\n`);
const formatProblems = unformatted.length + longLines.length;
process.stdout.write(
  `format: ${formatProblems === 0 ? 'clean' : `${unformatted.length} file(s) to format, ${longLines.length} long line(s)`} (${seconds()})\n`,
);
failed ||= formatProblems > 0;

process.exitCode = failed ? 1 : 0;
