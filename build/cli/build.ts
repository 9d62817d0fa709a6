// `npm run build`: builds public/ from data/; on data problems prints each as file:line:column and exits 1.
import { parseArgs } from 'node:util';
import { buildSite, StaleLedgerError } from '../pipeline/build-site.ts';
import { SchemaViolation } from '../api/validate-documents.ts';
import { DataError, formatProblem } from '../data/problems.ts';

const { values } = parseArgs({
  options: { root: { type: 'string', default: process.cwd() }, public: { type: 'string' }, preview: { type: 'boolean', default: false } },
});

try {
  const started = performance.now();
  const result = await buildSite({
    root: values.root,
    ...(values.public ? { publicDir: values.public } : {}),
    history: values.preview ? 'provisional' : 'enforce',
  });
  const ms = Math.round(performance.now() - started);
  console.log(
    `built ${result.files} files for dataset ${result.datasetVersion} in ${ms} ms: ` +
      `${result.written} written, ${result.unchanged} unchanged, ${result.deleted} deleted`,
  );
} catch (error) {
  if (error instanceof DataError) {
    for (const problem of error.problems) console.error(formatProblem(problem));
    console.error(`\nbuild stopped: ${error.problems.length} problem(s) in data/; public/ was not changed`);
    process.exit(1);
  }
  if (error instanceof StaleLedgerError) {
    console.error(`${error.message}\n\nbuild stopped: public/ was not changed (npm run build -- --preview builds unreleased data for a local look)`);
    process.exit(1);
  }
  if (error instanceof SchemaViolation) {
    console.error(`${error.message}\n\nbuild stopped: a document does not match its published schema; public/ was not changed`);
    process.exit(1);
  }
  throw error;
}
