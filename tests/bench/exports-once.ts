// The exports of a built tree in their own process, for the benchmark: prints {ms, formats, files, maxRssMb} as JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexInfo } from '../../build/api/schemas.ts';
import { writeExports } from '../../build/exports/write-exports.ts';
import { layout } from '../../build/render/layout.ts';

const [publicDir, outDir] = process.argv.slice(2);
const index = JSON.parse(readFileSync(path.join(publicDir!, layout.index()), 'utf8')) as IndexInfo;
const started = performance.now();
const result = await writeExports(publicDir!, outDir!, {
  datasetVersion: index.datasetVersion,
  releasedAt: '2026-01-01',
  dataDigest: 'bench',
});
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    formats: result.ms,
    files: result.files.map(({ name, bytes }) => ({ name, bytes })),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
