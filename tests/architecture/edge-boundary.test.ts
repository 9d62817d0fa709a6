// The edge boundary, read statically: build/core is the folder the Netlify edge function may import (runnable as it is
// under Deno, Node and a browser), so its modules import only each other and name no Node global; the edge function
// imports only build/core. Node-only infrastructure lives in build/infra. (tests/netlify-edge/deno.test.ts runs it.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

const BUILD = path.join(PROJECT_ROOT, 'build');

/** Globals that exist under Node and not on Netlify's edge (Deno): a module naming one is Node-only. */
const NODE_GLOBALS = new Set(['process', 'Buffer', '__dirname', '__filename', 'require', 'module', 'global', 'NodeJS']);

/** Every specifier a module's text imports: static, type-only, re-exported, side-effect and dynamic imports. */
const specifiersOf = (text: string): string[] =>
  ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);

/** The Node globals a module's code names (a property or a key of the same name is not one; comments are not code). */
function nodeGlobalsOf(text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const isMemberName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) &&
          parent.name === node);
      if (!isMemberName) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true));
  return found;
}

/**
 * What a module of `folder` (relative to build/) imports from outside `allowed` (folders relative to build/), as
 * "module → specifier": a package, a `node:` module, a URL or a relative path that leaves the allowed folders.
 */
function importsOutside(module: string, text: string, allowed: readonly string[]): string[] {
  return specifiersOf(text)
    .filter((specifier) => {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return true;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(module), specifier));
      return !allowed.some((folder) => target.startsWith(`${folder}/`));
    })
    .map((specifier) => `${module} → ${specifier}`);
}

const modulesOf = (folder: string): string[] => fg.sync(`${folder}/**/*.ts`, { cwd: BUILD }).sort();
const textOf = (module: string): string => readFileSync(path.join(BUILD, module), 'utf8');

describe('the edge boundary of build/', () => {
  it('build/core imports only build/core: no package, no node: module, nothing of another folder', () => {
    const core = modulesOf('core');
    expect(core).toContain('core/request-policy.ts');
    expect(core.flatMap((module) => importsOutside(module, textOf(module), ['core']))).toEqual([]);
  });

  it('build/core names no Node global (process, Buffer, require, …)', () => {
    expect(
      modulesOf('core').flatMap((module) => nodeGlobalsOf(textOf(module)).map((name) => `${module}: ${name}`)),
    ).toEqual([]);
  });

  it('the edge function imports only build/core', () => {
    const edge = modulesOf('netlify-edge');
    expect(edge).toContain('netlify-edge/api-policy.ts');
    expect(edge.flatMap((module) => importsOutside(module, textOf(module), ['core', 'netlify-edge']))).toEqual([]);
  });

  it('build/infra holds what needs Node (each of its modules imports a node: module or one that does)', () => {
    const infra = modulesOf('infra');
    expect(infra.length).toBeGreaterThan(0);
    expect(infra.filter((module) => !specifiersOf(textOf(module)).some((s) => s.startsWith('node:')))).toEqual([]);
  });

  it('reads every kind of import, and names the ones that leave the allowed folders', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../infra/b.ts';",
      "export { c } from './nested/c.ts';",
      "import 'node:fs';",
      "import {\n  d,\n  e,\n} from 'zod';",
      "const f = await import('../data/f.ts');",
      "// import { g } from '../infra/g.ts';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.ts', '../infra/b.ts', './nested/c.ts', 'node:fs', 'zod', '../data/f.ts']);
    expect(importsOutside('core/x.ts', text, ['core'])).toEqual([
      'core/x.ts → ../infra/b.ts',
      'core/x.ts → node:fs',
      'core/x.ts → zod',
      'core/x.ts → ../data/f.ts',
    ]);
  });

  it('names a Node global in code, and not a property, a key or a comment of the same name', () => {
    const text = [
      'const home = process.env.HOME;',
      "const bytes = Buffer.from('x');",
      'const task = { process: 1 };',
      'task.process = 2;',
      '// process.exit(1)',
      'interface Job { process: number }',
    ].join('\n');
    expect(nodeGlobalsOf(text)).toEqual(['process', 'Buffer']);
  });
});
