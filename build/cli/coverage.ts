// `npm run coverage`: what data/ covers, per region, as Markdown tables (derives every edge, writes nothing).
import { parseCommandLine, runAsProgram, type Command } from './command.ts';

export const coverage: Command = async (args, output) => {
  const { values } = parseCommandLine(args, 'npm run coverage', { root: { type: 'string', default: process.cwd() } });
  const [{ loadDataset }, { coverageTable, datasetCoverage }] = await Promise.all([
    import('../data/dataset.ts'),
    import('../report/coverage.ts'),
  ]);
  output.out(coverageTable(datasetCoverage(loadDataset(values.root))).trimEnd());
};

await runAsProgram(import.meta.url, 'coverage', coverage);
