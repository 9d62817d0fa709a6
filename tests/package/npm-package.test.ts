// The npm package of a release, as its users get it: `npm run package` packs it, the tarball installs offline into a
// fresh project, the README's example type-checks and prints what the README says, and every lookup answers exactly
// the bytes the HTTP API serves (a retired slug too). Packing the same release twice gives the same tarball.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Explain, ExplainEntry } from '../../build/api/explain-schemas.ts';
import { buildPackage, npm } from '../../build/package/build-package.ts';
import { PACKAGE_NAME } from '../../build/package/readme.ts';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, listFiles, PROJECT_ROOT, renameFixtureVehicle } from '../helpers/fixture.ts';

const OLD = 'volt-a-400-2024';
const NEW = 'fixture-volt-a-400-2024-eu';
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

let root = '';
let tarball = '';
let project = '';

beforeAll(async () => {
  // The mini fixture with one vehicle renamed (its old slug retired to the new one), released and packed.
  root = copyFixture();
  renameFixtureVehicle(root, OLD, NEW);
  expect((await runCli('release', ['--root', root, '--date', '2026-03-01'])).status).toBe(0);
  const packed = await runCli('package', ['--root', root, '--out', path.join(root, 'dist')]);
  expect(packed.status, packed.stderr).toBe(0);
  tarball = /: (\S+\.tgz),/.exec(packed.stdout)![1]!;
  tarball = path.resolve(tarball);
  project = mkdtempSync(path.join(os.tmpdir(), 'ev-package-user-'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], project);
}, 120_000);

describe('npm run package', () => {
  it('says what it packed: the release, the tarball, its size and SHA-256', async () => {
    expect(path.basename(tarball)).toMatch(new RegExp(`^${PACKAGE_NAME}-\\d+\\.\\d+\\.\\d+\\.tgz$`));
    const installed = JSON.parse(
      readFileSync(path.join(project, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8'),
    ) as { version: string; dependencies?: unknown; type: string };
    expect(installed.dependencies).toBeUndefined();
    expect(installed.type).toBe('module');
    const index = JSON.parse(readFileSync(path.join(root, 'public/api/v1/_data/index.json'), 'utf8'));
    expect(installed.version).toBe(index.datasetVersion);
  });

  it('packs byte-identical tarballs from the same release', async () => {
    const again = await buildPackage(path.join(root, 'public'), path.join(root, 'dist-again'), PROJECT_ROOT);
    expect(again.sha256).toBe(sha256(tarball));
    expect(path.basename(again.tarball)).toBe(path.basename(tarball));
  });
});

describe('the README, installed from the tarball', () => {
  const readme = () => readFileSync(path.join(project, 'node_modules', PACKAGE_NAME, 'README.md'), 'utf8');
  const blocks = () =>
    [...readme().matchAll(/```(\w*)\n([\s\S]*?)```/g)].map(([, lang = '', body = '']) => ({ lang, body }));

  it('shows an example that prints what the README says it prints', () => {
    const [example, output] = blocks();
    expect(example!.lang).toBe('js');
    writeFileSync(path.join(project, 'example.mjs'), example!.body);
    const printed = execFileSync(process.execPath, ['example.mjs'], { cwd: project, encoding: 'utf8' });
    expect(printed).toBe(output!.body);
    expect(printed).toContain(`adp`);
  });

  it('whose example type-checks against the package types, strict, the declarations checked too', () => {
    const [example] = blocks();
    writeFileSync(path.join(project, 'example.ts'), example!.body);
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022'],
          types: [],
          // The package's declarations are checked; TypeScript's own library is not.
          skipLibCheck: false,
          skipDefaultLibCheck: true,
        },
        files: ['example.ts', 'console.d.ts'],
      }),
    );
    writeFileSync(path.join(project, 'console.d.ts'), 'declare const console: { log(...data: unknown[]): void };\n');
    const tsc = path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
    // The same check fails on a wrong field: the types are real.
    writeFileSync(path.join(project, 'example.ts'), `${example!.body}\nconsole.log(edge?.kilowatts);\n`);
    const failed = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
    expect(failed.status).not.toBe(0);
    expect(failed.stdout).toContain("Property 'kilowatts' does not exist on type 'Edge'");
  });
});

describe('a bundle of an app that uses the package', () => {
  const bundle = async (names: string) =>
    (
      await esbuild.build({
        stdin: { contents: `export { ${names} } from '${PACKAGE_NAME}';`, resolveDir: project },
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'neutral',
        logLevel: 'silent',
      })
    ).outputFiles[0]!.text;

  it('leaves the edges out when it only looks up vehicles, and has them when it looks up compatibility', async () => {
    const vehiclesOnly = await bundle('vehicle');
    expect(vehiclesOnly).toContain(NEW);
    expect(vehiclesOnly).not.toContain('edgeVersion');
    expect(await bundle('compatibility')).toContain('edgeVersion');
    expect(await bundle('compatibility')).not.toContain('decidedBy');
    expect(await bundle('explain')).toContain('decidedBy');
  });
});

describe('the lookups, installed from the tarball', () => {
  /** Runs calls against the installed package in its own process; each answer as JSON, or null, or the error's name. */
  const call = (calls: [string, ...string[]][]): string[] => {
    writeFileSync(path.join(project, 'calls.json'), JSON.stringify(calls));
    writeFileSync(
      path.join(project, 'call.mjs'),
      `import * as api from '${PACKAGE_NAME}';
import calls from './calls.json' with { type: 'json' };
const answer = ([fn, ...args]) => { try { return JSON.stringify(api[fn](...args) ?? null); } catch (e) { return e.name; } };
console.log(JSON.stringify(calls.map(answer)));
`,
    );
    return JSON.parse(execFileSync(process.execPath, ['call.mjs'], { cwd: project, encoding: 'utf8' })) as string[];
  };

  it('answer every document the HTTP API serves with its exact bytes, retired slugs included', () => {
    const dataDir = path.join(root, 'public/api/v1/_data');
    const calls: [string, ...string[]][] = [];
    const expected: string[] = [];
    for (const file of listFiles(dataDir)) {
      const parts = file.replace(/\.json$/, '').split('/');
      const lookup: [string, ...string[]] | null =
        parts[0] === 'vehicles' && parts.length === 2
          ? ['vehicle', parts[1]!]
          : parts[0] === 'chargers' && parts.length === 2
            ? ['charger', parts[1]!]
            : parts[0] === 'vehicle-compatibility'
              ? ['chargersFor', parts.at(-1)!, ...parts.slice(1, -1)]
              : parts[0] === 'charger-compatibility'
                ? ['vehiclesFor', parts.at(-1)!, ...parts.slice(1, -1)]
                : parts[0] === 'edges'
                  ? ['compatibility', parts[2]!, parts[3]!, parts[1]!]
                  : parts[0] === 'vehicle-explain'
                    ? ['explainFor', parts[1]!]
                    : parts[0] === 'vehicle-networks'
                      ? ['networksFor', parts.at(-1)!, ...parts.slice(1, -1)]
                      : parts[0] === 'networks' && parts.length === 2
                        ? ['network', parts[1]!]
                        : file === 'networks.json'
                          ? ['networks']
                          : parts[0] === 'network-list'
                            ? ['networks', parts[1]!]
                            : file === 'index.json'
                              ? ['info']
                              : file === 'wanted.json'
                                ? ['wanted']
                                : null;
      if (!lookup) continue;
      calls.push(lookup);
      expected.push(readFileSync(path.join(dataDir, file), 'utf8').trimEnd());
    }
    expect(calls.some(([fn, slug]) => fn === 'chargersFor' && slug === OLD)).toBe(true);
    expect(calls.filter(([fn]) => fn === 'compatibility').length).toBeGreaterThan(20);
    expect(calls.filter(([fn]) => fn === 'explainFor').length).toBeGreaterThan(3);
    expect(calls.some(([fn]) => fn === 'wanted')).toBe(true);
    // Networks: the list (whole and per region), each network, a vehicle's networks with and without a region.
    expect(calls.filter(([fn]) => fn === 'networks').length).toBe(5);
    expect(calls.filter(([fn]) => fn === 'network').length).toBeGreaterThan(2);
    expect(calls.some(([fn, , region]) => fn === 'networksFor' && region === undefined)).toBe(true);
    expect(calls.some(([fn, , region]) => fn === 'networksFor' && region === 'NA')).toBe(true);
    expect(call(calls)).toEqual(expected);
  });

  it("explain an edge as its entry in the vehicle's explain document: one with caps, one with a missing figure", () => {
    const dataDir = path.join(root, 'public/api/v1/_data');
    const vehicles = (
      JSON.parse(readFileSync(path.join(dataDir, 'vehicles.json'), 'utf8')) as { vehicles: { slug: string }[] }
    ).vehicles;
    const entries = vehicles.flatMap(({ slug }) =>
      (JSON.parse(readFileSync(path.join(dataDir, `vehicle-explain/${slug}.json`), 'utf8')) as Explain).edges.map(
        (entry) => ({ slug, entry }),
      ),
    );
    const capped = entries.find(({ entry }) => entry.caps.length > 0)!;
    const missing = entries.find(({ entry }) => entry.missing.length > 0)!;
    const answers = call([
      ['explain', capped.slug, capped.entry.charger, capped.entry.region],
      ['explain', missing.slug, missing.entry.charger, missing.entry.region],
      ['explain', capped.slug, 'no-such-charger'],
      ['explain', capped.slug, capped.entry.charger, 'eu'],
      ['explainFor', 'no-such-car'],
    ]);
    expect(answers.slice(0, 2).map((answer) => JSON.parse(answer) as unknown)).toEqual([capped.entry, missing.entry]);
    expect((JSON.parse(answers[0]!) as ExplainEntry).caps[0]!.sources.length).toBeGreaterThan(0);
    expect((JSON.parse(answers[1]!) as ExplainEntry).missing[0]).toMatchObject({
      file: expect.any(String),
      row: expect.any(String),
      column: expect.any(String),
    });
    expect(answers.slice(2)).toEqual(['null', 'RangeError', 'null']);
  });

  it('answer 404s with undefined, default to EU, and refuse a region the API does not know', () => {
    const eu = readFileSync(path.join(root, `public/api/v1/_data/edges/EU/${NEW}/amp-hpc-350.json`), 'utf8');
    expect(
      call([
        ['compatibility', NEW, 'amp-hpc-350'],
        ['vehicle', 'no-such-car'],
        ['chargersFor', 'no-such-car'],
        ['compatibility', NEW, 'no-such-charger', 'EU'],
        ['compatibility', NEW, 'amp-hpc-350', 'eu'],
        ['vehiclesFor', 'no-such-charger', 'ZZ'],
      ]),
    ).toEqual([eu.trimEnd(), 'null', 'null', 'null', 'RangeError', 'RangeError']);
  });

  it('answer the network lookups as the API does: 404s as undefined, a bad region refused', () => {
    const regions = (slug: string) =>
      readdirSync(path.join(root, 'public/api/v1/_data/vehicle-networks')).filter((region) =>
        existsSync(path.join(root, `public/api/v1/_data/vehicle-networks/${region}/${slug}.json`)),
      );
    const absent = ['EU', 'TR', 'NA', 'GB'].find((region) => !regions(NEW).includes(region))!;
    expect(absent).toBeDefined();
    expect(
      call([
        ['network', 'no-such-network'],
        ['network', 'Amp-Net'],
        ['networksFor', 'no-such-car'],
        ['networksFor', NEW, absent],
        ['networksFor', NEW, 'eu'],
        ['networks', 'ZZ'],
      ]),
    ).toEqual(['null', 'null', 'null', 'null', 'RangeError', 'RangeError']);
  });
});
