import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // One worker per core (vitest's default leaves one core idle), and the test files of a worker share its loaded
    // modules instead of importing the build afresh for each file: no test file changes module state it does not restore.
    maxWorkers: os.availableParallelism(),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
