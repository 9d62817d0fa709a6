// "A region is one entry": build/core/regions.ts is the one module of build/ that names a region. Everything else
// (the importer's rules included) derives from REGION_TABLE, so adding a region touches that entry and the data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REGION_TABLE, REGIONS } from '../../build/core/regions.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

const BUILD = path.join(PROJECT_ROOT, 'build');
const REGIONS_MODULE = 'core/regions.ts';

/** The string literals of a module's code (types included) that are a region id, as "line: 'id'". */
function regionLiterals(text: string, ids: readonly string[]): string[] {
  const source = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ids.includes(node.text))
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: '${node.text}'`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('a region is one entry of build/core/regions.ts', () => {
  it('no other module of build/ names a region id in its code', () => {
    const modules = fg.sync('**/*.ts', { cwd: BUILD }).filter((module) => module !== REGIONS_MODULE);
    expect(modules.length).toBeGreaterThan(100);
    const named = modules.flatMap((module) =>
      regionLiterals(readFileSync(path.join(BUILD, module), 'utf8'), REGIONS).map((hit) => `${module}:${hit}`),
    );
    expect(named).toEqual([]);
  });

  it('finds a region id in a comparison, a type and a record key, and not in a comment or a longer string', () => {
    const text = [
      "if (region !== 'NA') go();",
      "type Home = 'EU' | 'GB';",
      "const brands = { Togg: 'TR' };",
      '// GB and TR in a comment',
      "const prose = 'sold in EU and GB';",
    ].join('\n');
    expect(regionLiterals(text, REGIONS)).toEqual(["1: 'NA'", "2: 'EU'", "2: 'GB'", "3: 'TR'"]);
  });

  it('gives each country to one region at most, so an imported record lists a region unambiguously', () => {
    const countries = REGION_TABLE.flatMap((region) => region.countries);
    expect(countries.filter((country, index) => countries.indexOf(country) !== index)).toEqual([]);
    expect(REGION_TABLE.every((region) => region.countries.length > 0)).toBe(true);
  });
});
