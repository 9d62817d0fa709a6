// `npm run coverage`: what data/ covers, per region, as Markdown tables (derives every edge, writes nothing).
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

export const command = defineCommand(
  {
    name: 'coverage',
    summary:
      'Prints what data/ covers in each region as Markdown tables: variants, DC and AC charger models, and the ' +
      'edges of each state (derives everything, writes nothing).',
    options: { root: ROOT_OPTION },
    examples: ['npm run coverage', 'npm run --silent coverage > coverage.md'],
  },
  async ({ options }, output) => {
    const [{ loadDataset }, { coverageTable, datasetCoverage }] = await Promise.all([
      import('../checks/load-dataset.ts'),
      import('../report/coverage.ts'),
    ]);
    output.out(coverageTable(datasetCoverage(loadDataset(options.root))).trimEnd());
  },
);

await runAsProgram(import.meta.url, command);
