// `npm run docs`: writes the generated documentation (CONTRIBUTING.md, the rules table in data/README.md, the exports
// row of docs/contract.md) and netlify.toml's export header rules from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

export const command = defineCommand(
  {
    name: 'docs',
    summary:
      'Regenerates CONTRIBUTING.md (every column, check and slug rule, from the schemas) and the derivation rules ' +
      "table of data/README.md, docs/contract.md's exports row and netlify.toml's header rules of the exports, from " +
      'the code.',
    options: { root: ROOT_OPTION },
    examples: ['npm run docs'],
  },
  async ({ options }, output) => {
    const [{ contributingGuide }, { withRulesTable }, { withExportHeaders }, { withExportsRow }] = await Promise.all([
      import('../docs/contributing.ts'),
      import('../docs/rules-table.ts'),
      import('../docs/export-headers.ts'),
      import('../docs/contract-exports.ts'),
    ]);
    writeFileSync(path.join(options.root, 'CONTRIBUTING.md'), contributingGuide());
    const readme = path.join(options.root, 'data', 'README.md');
    writeFileSync(readme, withRulesTable(readFileSync(readme, 'utf8')));
    const toml = path.join(options.root, 'netlify.toml');
    writeFileSync(toml, withExportHeaders(readFileSync(toml, 'utf8')));
    const contract = path.join(options.root, 'docs', 'contract.md');
    writeFileSync(contract, withExportsRow(readFileSync(contract, 'utf8')));
    output.out(
      'wrote CONTRIBUTING.md, the derivation rules table of data/README.md, ' +
        "netlify.toml's export header rules and docs/contract.md's exports row",
    );
  },
);

await runAsProgram(import.meta.url, command);
