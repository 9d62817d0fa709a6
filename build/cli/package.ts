// `npm run package [-- --out dist]`: the publishing build (as npm run build), then the release as an npm package,
// packed into dist/ (publishing it to the registry is a maintainer's step of the release workflow).
import path from 'node:path';
import { build } from './build.ts';
import { parseCommandLine, runAsProgram, type Command } from './command.ts';

const USAGE = 'npm run package -- [--out <folder>] [--public <folder>]';

export const packageRelease: Command = async (args, output) => {
  const { values } = parseCommandLine(args, USAGE, {
    root: { type: 'string', default: process.cwd() },
    public: { type: 'string' },
    out: { type: 'string', default: 'dist' },
  });
  const publicDir = path.resolve(values.root, values.public ?? 'public');
  await build(['--root', values.root, '--public', publicDir], output);
  const { buildPackage } = await import('../package/build-package.ts');
  const started = performance.now();
  const result = await buildPackage(
    publicDir,
    path.resolve(values.root, values.out),
    path.resolve(import.meta.dirname, '..', '..'),
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  output.out(
    `packed dataset ${result.datasetVersion} in ${Math.round(performance.now() - started)} ms: ${path.relative(process.cwd(), result.tarball)}, ` +
      `${kb(result.bytes)} (${kb(result.unpackedBytes)} unpacked, ${result.files} files), sha256 ${result.sha256}`,
  );
};

await runAsProgram(import.meta.url, 'package', packageRelease);
