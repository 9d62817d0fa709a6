// `npm run package [-- --out dist]`: the publishing build (as npm run build), then the release as an npm package,
// packed into dist/ (publishing it to the registry is a maintainer's step of the release workflow).
import path from 'node:path';
import { targetFolder } from './argument-kinds.ts';
import { command as buildCommand } from './build.ts';
import { defineCommand, ROOT_OPTION, runAsProgram } from './command.ts';

export const command = defineCommand(
  {
    name: 'package',
    summary:
      'Runs the publishing build, then packs the release as an npm package (the JSON of every vehicle, charger, ' +
      'source and edge, its TypeScript types and a dependency-free API) into <out> with npm pack.',
    options: {
      out: { description: 'where the .tgz is written', value: targetFolder, default: 'dist' },
      public: {
        description: 'the built site to pack (built first)',
        value: targetFolder,
        defaultText: '<root>/public',
      },
      root: ROOT_OPTION,
    },
    examples: ['npm run package', 'npm run package -- --out /tmp/release'],
  },
  async ({ options }, output) => {
    const publicDir = path.resolve(options.root, options.public ?? 'public');
    await buildCommand.run(['--root', options.root, '--public', publicDir], output);
    const { buildPackage } = await import('../package/build-package.ts');
    const started = performance.now();
    const result = await buildPackage(
      publicDir,
      path.resolve(options.root, options.out),
      path.resolve(import.meta.dirname, '..', '..'),
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    output.out(
      `packed dataset ${result.datasetVersion} in ${Math.round(performance.now() - started)} ms: ${path.relative(process.cwd(), result.tarball)}, ` +
        `${kb(result.bytes)} (${kb(result.unpackedBytes)} unpacked, ${result.files} files), sha256 ${result.sha256}`,
    );
  },
);

await runAsProgram(import.meta.url, command);
