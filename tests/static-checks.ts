// `npm test`'s first step: the type check (what `tsc --noEmit` reports) and the linter (eslint, typed rules), in one
// process sharing one TypeScript program, so the project is type-checked once instead of twice; exits 1 when either
// finds a problem, so the tests run only on code that type-checks and lints clean. `npm run typecheck` and
// `npm run lint` run each tool on its own.
import { ESLint } from 'eslint';
import ts from 'typescript';

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => void process.stdout.write(ts.formatDiagnostic(diagnostic, host)) });
let failed = config === undefined;
if (config) {
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, configFileParsingDiagnostics: config.errors });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.stdout.write(`typecheck: ${diagnostics.length === 0 ? 'clean' : `${diagnostics.length} error(s)`} (${seconds()})\n`);
  failed ||= diagnostics.length > 0;

  // The TypeScript files get their types from the program just checked; eslint.config.js says which rules apply.
  const eslint = new ESLint({ overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false, programs: [program] } } }] });
  const results = await eslint.lintFiles(['.']);
  const problems = results.reduce((n, result) => n + result.errorCount + result.warningCount, 0);
  if (problems > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results));
  process.stdout.write(`lint: ${problems === 0 ? 'clean' : `${problems} problem(s)`} (${seconds()})\n`);
  failed ||= problems > 0;
}
process.exitCode = failed ? 1 : 0;
