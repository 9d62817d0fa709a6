// One mirror bundle of a built tree in its own process, for the benchmark: prints {ms, bytes, bundleBytes} as JSON.
import { isMirrorFile } from '../../build/pipeline/publish-mirror.ts';
import { folderSources, writeBundle } from '../../build/write/bundle.ts';

const [publicDir, out] = process.argv.slice(2);
const started = performance.now();
const result = await writeBundle(folderSources(publicDir!, 'public', isMirrorFile), out!);
console.log(JSON.stringify({ ms: performance.now() - started, bytes: result.bytes, bundleBytes: result.bundleBytes }));
