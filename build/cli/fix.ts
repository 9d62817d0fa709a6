// `npm run fix`: applies the mechanical fixes (encoding, line endings, spacing, row order) to data/.
import { parseArgs } from 'node:util';
import { fixData } from '../data/fix.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: process.cwd() } } });
const { changed, failed } = fixData(values.root);
for (const file of changed) console.log(`fixed ${file}`);
for (const { file, reason } of failed) console.error(`${file}: not fixed, it cannot be read as it is: ${reason}`);
if (changed.length === 0 && failed.length === 0) console.log('nothing to fix');
process.exit(failed.length > 0 ? 1 : 0);
