// `npm run build [-- --preview] [--full]`: builds public/ from data/; every problem is one line, public/ is left untouched.
import { targetFolder } from './argument-kinds.ts';
import type { BuildOptions, BuildResult } from '../pipeline/build-site.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram, type Output } from './command.ts';

export const command = defineCommand(
  {
    name: 'build',
    summary:
      'Validates data/ and writes public/ (only the files that changed); on any problem it prints each as ' +
      'file:line:column and exits 1, leaving public/ untouched.',
    options: {
      preview: {
        description: 'build data changed since the last release, with provisional edge versions (never to publish)',
      },
      full: { description: 'ignore the build state and render every file again' },
      public: { description: 'write the site here instead of <root>/public', value: targetFolder },
      root: ROOT_OPTION,
    },
    examples: ['npm run build', 'npm run build -- --preview'],
  },
  async ({ options }, output) => {
    await buildWithReport(
      {
        root: options.root,
        ...(options.public ? { publicDir: options.public } : {}),
        history: options.preview ? 'provisional' : 'enforce',
        full: options.full,
      },
      output,
    );
  },
);

/**
 * Runs a build and prints its one-line summary; a data, ledger or schema problem becomes the command's error.
 * `previewCommand`: what the user runs instead when unreleased data stops a publishing build.
 */
export async function buildWithReport(
  buildOptions: BuildOptions,
  output: Output,
  previewCommand = 'npm run build -- --preview',
): Promise<BuildResult> {
  const [{ SchemaViolation }, { buildSite, StaleLedgerError }] = await Promise.all([
    import('../api/validate-documents.ts'),
    import('../pipeline/build-site.ts'),
  ]);
  const started = performance.now();
  try {
    const result = await buildSite(buildOptions);
    const ms = Math.round(performance.now() - started);
    output.out(
      `built dataset ${result.datasetVersion} in ${ms} ms (${result.pass}): ${result.files} files rendered, ` +
        `${result.written} written, ${result.unchanged} unchanged, ${result.deleted} deleted`,
    );
    return result;
  } catch (error) {
    if (error instanceof StaleLedgerError) {
      for (const reason of error.reasons) output.err(`  ${reason}`);
      throw new CommandError(
        'data/ changed since the last release, so this publishing build refuses it (public/ was not changed); ' +
          `for a local look: ${previewCommand} (releases are made after merge, by the release workflow)`,
      );
    }
    if (error instanceof SchemaViolation) throw new CommandError(`${error.message} (public/ was not changed)`);
    throw error;
  }
}

await runAsProgram(import.meta.url, command);
