// `npm run build [-- --preview] [--full]`: builds public/ from data/; every problem is one line, public/ is left untouched.
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE = 'npm run build -- [--preview] [--full] [--public <folder>]';

export const build: Command = async (args, output) => {
  const { values } = parseCommandLine(args, USAGE, {
    root: { type: 'string', default: process.cwd() },
    public: { type: 'string' },
    preview: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
  });
  const [{ SchemaViolation }, { buildSite, StaleLedgerError }] = await Promise.all([
    import('../api/validate-documents.ts'),
    import('../pipeline/build-site.ts'),
  ]);
  const started = performance.now();
  try {
    const result = await buildSite({
      root: values.root,
      ...(values.public ? { publicDir: values.public } : {}),
      history: values.preview ? 'provisional' : 'enforce',
      full: values.full,
    });
    const ms = Math.round(performance.now() - started);
    output.out(
      `built dataset ${result.datasetVersion} in ${ms} ms (${result.pass}): ${result.files} files rendered, ${result.written} written, ${result.unchanged} unchanged, ${result.deleted} deleted`,
    );
  } catch (error) {
    if (error instanceof StaleLedgerError) {
      for (const reason of error.reasons) output.err(`  ${reason}`);
      throw new CommandError(
        'data/ changed since the last release, so this publishing build refuses it (public/ was not changed); ' +
          'for a local look: npm run build -- --preview (releases are made after merge, by the release workflow)',
      );
    }
    if (error instanceof SchemaViolation) throw new CommandError(`${error.message} (public/ was not changed)`);
    throw error;
  }
};

await runAsProgram(import.meta.url, 'build', build);
