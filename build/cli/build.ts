// `npm run build [-- --preview] [--full]`: builds public/ from data/; every problem is one line, public/ is left untouched.
import { SchemaViolation } from '../api/validate-documents.ts';
import { buildSite, StaleLedgerError } from '../pipeline/build-site.ts';
import { CommandError, parseCommandLine, runCommand } from './command.ts';

const USAGE = 'npm run build -- [--preview] [--full] [--public <folder>]';

await runCommand('build', async () => {
  const { values } = parseCommandLine(USAGE, {
    root: { type: 'string', default: process.cwd() },
    public: { type: 'string' },
    preview: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
  });
  const started = performance.now();
  try {
    const result = await buildSite({
      root: values.root,
      ...(values.public ? { publicDir: values.public } : {}),
      history: values.preview ? 'provisional' : 'enforce',
      full: values.full,
    });
    const ms = Math.round(performance.now() - started);
    console.log(
      `built dataset ${result.datasetVersion} in ${ms} ms (${result.kind}): ${result.files} files rendered, ` +
        `${result.written} written, ${result.unchanged} unchanged, ${result.deleted} deleted`,
    );
  } catch (error) {
    if (error instanceof StaleLedgerError) {
      for (const reason of error.reasons) console.error(`  ${reason}`);
      throw new CommandError(
        'data/ changed since the last release, so this publishing build refuses it (public/ was not changed). ' +
          'For a local look: npm run build -- --preview. Releases are made after merge, by the release workflow.',
      );
    }
    if (error instanceof SchemaViolation) throw new CommandError(`${error.message} (public/ was not changed)`);
    throw error;
  }
});
