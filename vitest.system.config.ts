// npm run test:system: the whole-process tests (tests/system-tests.ts), with npm test's settings, the static checks
// first: by far the longest file, it starts at once on one core while the others share the other.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { SYSTEM_TEST_FILES } from './tests/system-tests.ts';

class StaticChecksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isStatic = (file: TestSpecification) => file.moduleId.endsWith('/tests/static/static-checks.test.ts');
    return [...sorted.filter(isStatic), ...sorted.filter((file) => !isStatic(file))];
  }
}

export default defineConfig({
  ...base,
  test: { ...base.test, include: SYSTEM_TEST_FILES, exclude: [], sequence: { sequencer: StaticChecksFirst } },
});
