import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { SYSTEM_TEST_FILES } from './tests/system-tests.ts';
// Tests start as the commands do: Node 24 or a one-line refusal, and the compile cache in the environment, so the test
// processes and every build thread they start (helpers, the exports' SQLite thread) strip and compile a module once.
import './build/cli/run-typescript.mjs';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The whole-process tests run apart (npm run test:system, vitest.system.config.ts).
    exclude: [...configDefaults.exclude, ...SYSTEM_TEST_FILES],
    globalSetup: ['tests/global-setup.ts'],
    // One worker per core (vitest's default leaves one core idle), and the test files of a worker share its loaded
    // modules instead of importing the build afresh for each file: no test file changes module state it does not restore.
    maxWorkers: os.availableParallelism(),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
