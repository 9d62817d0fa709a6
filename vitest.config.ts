import os from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
// Tests start as the commands do: Node 24 or a one-line refusal, and the compile cache in the environment, so the test
// processes and every build thread they start (helpers, the exports' SQLite thread) strip and compile a module once.
import './build/cli/run-typescript.mjs';

/**
 * Vitest's order (failed, then longest, first; unknown files by size), except that the static checks, by far the
 * longest file, start at once on one core while the other test files share the other.
 */
class StaticChecksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isStatic = (file: TestSpecification) => file.moduleId.endsWith('/tests/static/static-checks.test.ts');
    return [...sorted.filter(isStatic), ...sorted.filter((file) => !isStatic(file))];
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // One worker per core (vitest's default leaves one core idle), and the test files of a worker share its loaded
    // modules instead of importing the build afresh for each file: no test file changes module state it does not restore.
    maxWorkers: os.availableParallelism(),
    isolate: false,
    sequence: { sequencer: StaticChecksFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
