// `npm run coverage`: what data/ covers, per region, as a Markdown table (derives every edge, writes nothing).
import { parseArgs } from 'node:util';
import { loadDataset } from '../data/dataset.ts';
import { coverageTable, datasetCoverage } from '../report/coverage.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: process.cwd() } } });
process.stdout.write(coverageTable(datasetCoverage(await loadDataset(values.root))));
