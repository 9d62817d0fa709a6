// Imports run one way: every folder of build/ has a layer, and a module imports only from its own layer or below.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

/**
 * The layers, lowest first. core (what the edge function may import: edge-boundary.test.ts), infra (Node-only
 * helpers) and types → data → derive → checks (every data check, and the one loader that runs them) → (api: the
 * published shapes) → release (ledger, history) → render → write and exports → pipeline; serve, netlify-edge, report,
 * upstream (dataset imports), mirror, docs, package and cli sit on top of what they use.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['core', 'infra', 'types'],
  ['data'],
  ['derive'],
  ['checks'],
  ['api'],
  ['release'],
  ['render', 'explore'],
  ['write', 'exports', 'serve', 'netlify-edge', 'report', 'upstream'],
  ['pipeline', 'mirror', 'docs', 'package'],
  ['cli'],
];

const layerOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));
const BUILD = path.join(PROJECT_ROOT, 'build');

/** Static (`import … from`) and dynamic (`import('…')`) relative specifiers in a module's text. */
const relativeSpecifiers = (text: string): string[] =>
  [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/gm),
  ].map(([, fromClause, dynamic]) => (fromClause ?? dynamic)!);

/** Every relative import of every module under build/: [importing file, imported file], both relative to build/. */
function imports(): [string, string][] {
  return fg
    .sync('**/*.ts', { cwd: BUILD })
    .flatMap((file) =>
      relativeSpecifiers(readFileSync(path.join(BUILD, file), 'utf8')).map(
        (specifier) =>
          [file, path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))] as [string, string],
      ),
    );
}

/** The imports that run from a lower layer to a higher one, as "from → to". */
const upwardImports = (list: readonly [string, string][]): string[] =>
  list
    .filter(([from, to]) => layerOf(to.split('/')[0]!) > layerOf(from.split('/')[0]!))
    .map(([from, to]) => `${from} → ${to}`);

describe('the import graph of build/', () => {
  const all = imports();

  it('knows every folder (a new folder needs its layer here)', () => {
    const folders = new Set(fg.sync('**/*.ts', { cwd: BUILD }).map((file) => file.split('/')[0]!));
    expect([...folders].filter((folder) => layerOf(folder) === -1)).toEqual([]);
    expect(all.length).toBeGreaterThan(100);
  });

  it('has no import running upward', () => {
    expect(upwardImports(all)).toEqual([]);
  });

  it('reads static and dynamic imports, and no other string', () => {
    const text =
      "import { a } from '../core/a.ts';\nexport type { B } from './b.ts';\nconst c = await import('../pipeline/c.ts');\nconst d = './d.ts';\nimport os from 'node:os';\n";
    expect(relativeSpecifiers(text)).toEqual(['../core/a.ts', './b.ts', '../pipeline/c.ts']);
  });

  it('names an upward import and lets a downward or same-layer one pass', () => {
    expect(
      upwardImports([
        ['data/load.ts', 'release/release.ts'],
        ['render/layout.ts', 'core/regions.ts'],
        ['serve/server.ts', 'netlify-edge/api-policy.ts'],
      ]),
    ).toEqual(['data/load.ts → release/release.ts']);
  });
});
