// `npm run docs`: writes the generated documentation (CONTRIBUTING.md, and the rules table in data/README.md) from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine, runAsProgram, type Command } from './command.ts';

export const docs: Command = async (args, output) => {
  const { values } = parseCommandLine(args, 'npm run docs', { root: { type: 'string', default: process.cwd() } });
  const [{ contributingGuide }, { withRulesTable }] = await Promise.all([
    import('../docs/contributing.ts'),
    import('../docs/rules-table.ts'),
  ]);
  writeFileSync(path.join(values.root, 'CONTRIBUTING.md'), contributingGuide());
  const readme = path.join(values.root, 'data', 'README.md');
  writeFileSync(readme, withRulesTable(readFileSync(readme, 'utf8')));
  output.out('wrote CONTRIBUTING.md and the derivation rules table of data/README.md');
};

await runAsProgram(import.meta.url, 'docs', docs);
