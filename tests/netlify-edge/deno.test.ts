// The edge function on Deno, Netlify's edge runtime: it type-checks as Deno reads it, its module graph as Deno resolves
// it is the function and build/core alone, every module of build/core loads there with no permission, and the cases
// the Node run passes (api-policy-cases.ts) pass there too. No network, no npm, no remote module: Deno gets only the
// repository's files.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { denoBinary, denoEnvironment } from '../helpers/deno.ts';
import { API_POLICY_CASES } from './api-policy-cases.ts';

const run = promisify(execFile);
const OFFLINE = ['--no-remote', '--no-npm', '--no-config', '--no-lock'];
const deno = (args: string[]) => run(denoBinary(), args, { cwd: PROJECT_ROOT, env: denoEnvironment() });

const CORE = path.join(PROJECT_ROOT, 'build', 'core');
const CORE_URL = pathToFileURL(CORE).href;
const EDGE_URL = pathToFileURL(path.join(PROJECT_ROOT, 'build', 'netlify-edge')).href;

/** The modules of a root's graph as `deno info` resolves them: each one's specifier and kind (esm, node, npm, …). */
async function moduleGraph(root: string): Promise<{ specifier: string; kind: string }[]> {
  const { stdout } = await deno(['info', '--json', ...OFFLINE, root]);
  return (JSON.parse(stdout) as { modules: { specifier: string; kind: string }[] }).modules.map(
    ({ specifier, kind }) => ({ specifier, kind }),
  );
}

/** The graph's modules that are not a local ES module of one of `folders` (file URLs), as "kind specifier". */
const outside = (graph: { specifier: string; kind: string }[], folders: readonly string[]): string[] =>
  graph
    .filter(({ specifier, kind }) => kind !== 'esm' || !folders.some((folder) => specifier.startsWith(`${folder}/`)))
    .map(({ specifier, kind }) => `${kind} ${specifier}`);

/** The modules of build/core, and a temp module that imports each of them and then says how many it loaded. */
function everyCoreModule(): { modules: string[]; entry: string } {
  const modules = readdirSync(CORE).filter((file) => file.endsWith('.ts'));
  const entry = path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-core-')), 'every-core-module.ts');
  const imports = modules.map((file) => `import '${CORE_URL}/${file}';\n`).join('');
  writeFileSync(entry, `${imports}console.log('loaded ${modules.length}');\n`);
  return { modules, entry };
}

const FUNCTION = path.join('build', 'netlify-edge', 'api-policy.ts');

// A cold Deno type check takes seconds alone and minutes on a busy machine: a generous bound, not a figure.
describe('the edge function under Deno', { timeout: 180_000 }, () => {
  const core = everyCoreModule();

  it('type-checks, with every module of build/core, as Deno reads them (a type error exits non-zero)', async () => {
    // One check of both roots: a cold type check (Deno's libraries, then every module) is the slow step.
    const { stderr } = await deno(['check', ...OFFLINE, FUNCTION, core.entry]);
    expect(stderr).toMatch(/Check .*api-policy\.ts/);
    expect(stderr).toMatch(/Check .*every-core-module\.ts/);
  });

  it("resolves the function's module graph to the function and build/core alone (no node:, npm: or remote module)", async () => {
    const graph = await moduleGraph(FUNCTION);
    expect(graph.map(({ specifier }) => specifier)).toContain(`${CORE_URL}/request-policy.ts`);
    expect(outside(graph, [CORE_URL, EDGE_URL])).toEqual([]);
  });

  it('loads every module of build/core with no permission, and resolves none outside it', async () => {
    const graph = await moduleGraph(core.entry);
    expect(graph.filter(({ specifier }) => specifier.startsWith(`${CORE_URL}/`))).toHaveLength(core.modules.length);
    expect(outside(graph, [CORE_URL, pathToFileURL(path.dirname(core.entry)).href])).toEqual([]);
    // No --allow-*: a module that reads the environment, a file or the network when it loads fails here.
    const { stdout } = await deno(['run', ...OFFLINE, core.entry]);
    expect(stdout.trim()).toBe(`loaded ${core.modules.length}`);
  });

  it('passes every case of api-policy-cases.ts', async () => {
    // Type-checking the cases would need @types/node from npm for node:assert; the function itself is checked above.
    const { stdout } = await deno([
      'test',
      '--no-check',
      ...OFFLINE,
      path.join('tests', 'netlify-edge', 'api-policy.deno.ts'),
    ]);
    expect(stdout).toMatch(new RegExp(`^ok \\| ${API_POLICY_CASES.length} passed \\| 0 failed`, 'm'));
  });
});
