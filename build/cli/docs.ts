// `npm run docs`: writes the generated documentation (CONTRIBUTING.md, and the rules table in data/README.md) from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

export const command = defineCommand(
  {
    name: 'docs',
    summary:
      'Regenerates CONTRIBUTING.md (every column, check and slug rule, from the schemas) and the derivation rules ' +
      'table of data/README.md, from the code.',
    options: { root: ROOT_OPTION },
    examples: ['npm run docs'],
  },
  async ({ options }, output) => {
    const [{ contributingGuide }, { withRulesTable }] = await Promise.all([
      import('../docs/contributing.ts'),
      import('../docs/rules-table.ts'),
    ]);
    writeFileSync(path.join(options.root, 'CONTRIBUTING.md'), contributingGuide());
    const readme = path.join(options.root, 'data', 'README.md');
    writeFileSync(readme, withRulesTable(readFileSync(readme, 'utf8')));
    output.out('wrote CONTRIBUTING.md and the derivation rules table of data/README.md');
  },
);

await runAsProgram(import.meta.url, command);
