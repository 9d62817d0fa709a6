// Every command run as its own Node process (npm run test:system: some twenty processes): a bad flag is one line on
// stderr and exit 2, as the in-process runs of tests/cli/cli-errors.test.ts show for each command's own code.
import { describe, expect, it } from 'vitest';
import { COMMAND_MODULES, spawnCli } from '../helpers/cli.ts';

const COMMANDS = [...COMMAND_MODULES.keys()];

describe('the real programs', () => {
  it('each command, run as its own process, prints one line and exits 2 on a bad flag', async () => {
    const results = await Promise.all(COMMANDS.map((name) => spawnCli(name, ['--bogus'])));
    for (const [i, result] of results.entries()) {
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr).toMatch(new RegExp(`^${COMMANDS[i]}: Unknown option '--bogus'`));
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
