// One build in its own process, for the benchmark: prints {ms, maxRssMb, written, unchanged, deleted, files} as JSON.
import { buildSite } from '../../build/pipeline/build-site.ts';

const [root, publicDir] = process.argv.slice(2);
const started = performance.now();
const result = await buildSite({ root: root!, publicDir: publicDir!, history: 'provisional' });
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, ...result }));
