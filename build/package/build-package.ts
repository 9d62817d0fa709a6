// The npm package of a release: data/ from the published tree and its exports, the generated types and modules, a
// README whose example output comes from running it against the package, then `npm pack` into the output folder.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_LICENSE, DATA_LICENSE } from '../core/license.ts';
import { packageModules } from './modules.ts';
import { writePackageData } from './package-data.ts';
import { exampleCode, PACKAGE_NAME, readme } from './readme.ts';
import { typesFile } from './types-file.ts';

export interface PackageResult {
  tarball: string;
  datasetVersion: string;
  /** The tarball's size, its SHA-256, and the size and number of the files it holds. */
  bytes: number;
  sha256: string;
  unpackedBytes: number;
  files: number;
}

/** `npm` as the running `npm run` found it (npm_execpath), else the one on PATH. */
export function npm(args: string[], cwd: string): string {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli?.endsWith('npm-cli.js') ? [process.execPath, [cli]] : ['npm', []];
  return execFileSync(command, [...prefix, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function packageJson(datasetVersion: string, counts: { vehicles: number; chargers: number; edges: number }) {
  return {
    name: PACKAGE_NAME,
    version: datasetVersion,
    description:
      `The Open EV compatibility dataset (${counts.vehicles} vehicles, ${counts.chargers} chargers, ${counts.edges} edges) ` +
      'as JSON, with TypeScript types and lookups that answer as the HTTP API does',
    keywords: ['electric-vehicle', 'ev', 'charging', 'compatibility', 'dataset'],
    license: `${CODE_LICENSE.identifier} AND ${DATA_LICENSE.identifier}`,
    type: 'module',
    exports: {
      '.': { types: './index.d.ts', default: './index.js' },
      './data/*': './data/*',
      './package.json': './package.json',
    },
    types: './index.d.ts',
    sideEffects: false,
    engines: { node: '>=22.12' },
  };
}

/** What the example prints when it imports the package folder (linked into a scratch project's node_modules). */
function runExample(packageDir: string, code: string): string {
  const project = mkdtempSync(path.join(os.tmpdir(), 'ev-package-example-'));
  try {
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(packageDir, path.join(project, 'node_modules', PACKAGE_NAME), 'dir');
    writeFileSync(path.join(project, 'example.mjs'), code);
    return execFileSync(process.execPath, ['example.mjs'], { cwd: project, encoding: 'utf8' });
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** Packs the release published at `publicDir` into `outDir`/<name>-<version>.tgz. */
export async function buildPackage(publicDir: string, outDir: string, codeRoot: string): Promise<PackageResult> {
  const staging = mkdtempSync(path.join(os.tmpdir(), 'ev-package-'));
  const packageDir = path.join(staging, PACKAGE_NAME);
  try {
    mkdirSync(packageDir);
    const { index, example } = await writePackageData(publicDir, packageDir);
    const files = { ...packageModules(index.datasetVersion), 'types.d.ts': await typesFile() };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(packageDir, name), text);
    writeFileSync(
      path.join(packageDir, 'package.json'),
      `${JSON.stringify(packageJson(index.datasetVersion, index.counts), null, 2)}\n`,
    );
    copyFileSync(path.join(codeRoot, CODE_LICENSE.file), path.join(packageDir, 'LICENSE'));
    copyFileSync(path.join(codeRoot, DATA_LICENSE.file), path.join(packageDir, 'LICENSE-DATA'));
    const code = exampleCode(example);
    writeFileSync(path.join(packageDir, 'README.md'), readme(index, code, runExample(packageDir, code)));
    mkdirSync(outDir, { recursive: true });
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', path.resolve(outDir)], packageDir)) as {
      filename: string;
      unpackedSize: number;
      entryCount: number;
    }[];
    const tarball = path.join(path.resolve(outDir), packed!.filename);
    // Gzip's header names the operating system zlib was built for: "Unix" on every machine, as in the mirror bundle.
    const bytes = readFileSync(tarball);
    bytes[9] = 3;
    writeFileSync(tarball, bytes);
    return {
      tarball,
      datasetVersion: index.datasetVersion,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      unpackedBytes: packed!.unpackedSize,
      files: packed!.entryCount,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
