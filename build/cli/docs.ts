// `npm run docs`: writes the generated documentation (CONTRIBUTING.md, and the rules table in data/README.md) from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contributingGuide } from '../docs/contributing.ts';
import { withRulesTable } from '../docs/rules-table.ts';
import { parseCommandLine, runAsProgram, type Command } from './command.ts';

export const docs: Command = async (args, output) => {
  const { values } = parseCommandLine(args, 'npm run docs', { root: { type: 'string', default: process.cwd() } });
  writeFileSync(path.join(values.root, 'CONTRIBUTING.md'), contributingGuide());
  const readme = path.join(values.root, 'data', 'README.md');
  writeFileSync(readme, withRulesTable(readFileSync(readme, 'utf8')));
  output.out('wrote CONTRIBUTING.md and the derivation rules table of data/README.md');
};

await runAsProgram(import.meta.url, 'docs', docs);
