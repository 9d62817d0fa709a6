// The whole-process test files: `npm run test:system` runs them (CI runs it after `npm test`, .ci/run) and `npm test`
// leaves them out, so that the everyday run stays short. Each drives programs of its own for many seconds of CPU.
export const SYSTEM_TEST_FILES = [
  // The type check, the linter (typed rules) and the formatter over the repository (npm run typecheck, lint, format).
  'tests/static/static-checks.test.ts',
  // Some twenty build processes stopped and killed at seeded points, and a full disk injected after each phase.
  'tests/build/killed-build.test.ts',
  // The explorer in Chromium, as a user clicks through it.
  'tests/explore/explorer-browser.test.ts',
  // The package as npm packs it, installed in a fresh folder and imported there.
  'tests/package/npm-package.test.ts',
  // The edge function's policy type-checked and run under Deno (Netlify's edge runtime).
  'tests/netlify-edge/deno.test.ts',
  // Every command as its own Node process on a bad flag.
  'tests/cli/cli-processes.test.ts',
];
