// `npm run build [-- --preview] [--full]`: builds a new release of public/ from data/ and switches public/ to it in one
// step; every problem is one line, and a build that fails or is killed leaves public/ serving one complete release.
import { targetFolder } from './argument-kinds.ts';
import type { BuildOptions, BuildResult } from '../pipeline/build-site.ts';
import { CommandError, defineCommand, ROOT_OPTION, runAsProgram, type Output } from './command.ts';

export const command = defineCommand(
  {
    name: 'build',
    summary:
      'Validates data/, writes a new release folder in .public-releases/ (the current one, by hard links, then only ' +
      'the files that changed, the exports, the mirror bundle and mirror.json) and switches the link public to it ' +
      'in one rename. On any problem it prints each as file:line:column and exits 1: public/ still serves the ' +
      'previous release, whole (a failure after the switch, while saving the build state, leaves the new one, ' +
      'whole). A build killed at any moment leaves public/ on the previous or the new release, ' +
      'whole; the next build removes what it left. A second build while one runs in the checkout exits 1 at once ' +
      '(.public-lock names its pid; a lock whose process is gone is taken over).',
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
