// The work of `npm run bench:schemas`: what ajv validation of every emitted document costs, against a full build.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { createDocumentValidator } from '../../build/api/validate-documents.ts';
import type { DocumentKind } from '../../build/api/schemas.ts';
import type { Output } from '../../build/cli/command.ts';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { median } from './figures.ts';

/** The schema of a stored document, from where the build stores it (build/render/layout.ts). */
function kindOf(file: string): DocumentKind | null {
  const rules: [RegExp, DocumentKind][] = [
    [/^api\/v1\/_data\/edges\//, 'edge'],
    [/^api\/v1\/_data\/vehicles\//, 'vehicle'],
    [/^api\/v1\/_data\/chargers\//, 'charger'],
    [/^api\/v1\/_data\/vehicle-compatibility\//, 'vehicle-compatibility'],
    [/^api\/v1\/_data\/charger-compatibility\//, 'charger-compatibility'],
    [/^api\/v1\/_data\/errors\//, 'error'],
    [/^api\/v1\/_data\/index\.json$/, 'index'],
    [/^api\/v1\/_data\/vehicles\.json$/, 'vehicle-list'],
    [/^api\/v1\/_data\/chargers\.json$/, 'charger-list'],
  ];
  return rules.find(([pattern]) => pattern.test(file))?.[1] ?? null;
}

export async function measureSchemaValidation(root: string, runs: number, output: Output): Promise<void> {
  const builds: number[] = [];
  let publicDir = '';
  for (let run = 0; run < runs; run += 1) {
    if (publicDir) rmSync(publicDir, { recursive: true, force: true });
    publicDir = mkdtempSync(path.join(os.tmpdir(), 'bench-schemas-'));
    const started = performance.now();
    await buildSite({ root, publicDir });
    builds.push(performance.now() - started);
  }
  const documents = fg
    .sync('api/v1/_data/**/*.json', { cwd: publicDir })
    .map((file) => ({
      file,
      kind: kindOf(file),
      document: JSON.parse(readFileSync(path.join(publicDir, file), 'utf8')) as unknown,
    }))
    .filter((d): d is { file: string; kind: DocumentKind; document: unknown } => d.kind !== null);
  const compileStarted = performance.now();
  const validate = createDocumentValidator();
  const compile = performance.now() - compileStarted;
  const validations: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    for (const { file, kind, document } of documents) validate(file, kind, document);
    validations.push(performance.now() - started);
  }
  rmSync(publicDir, { recursive: true, force: true });
  const bytes = documents.reduce((n, d) => n + JSON.stringify(d.document).length, 0);
  output.out(`documents validated: ${documents.length} (${(bytes / 1024).toFixed(0)} KiB of JSON)`);
  output.out(`compile validators once: ${compile.toFixed(1)} ms`);
  output.out(
    `validate all, median of ${runs}: ${median(validations).toFixed(1)} ms (runs: ${validations.map((v) => v.toFixed(1)).join(', ')})`,
  );
  output.out(
    `full build into an empty folder, median of ${runs}: ${median(builds).toFixed(1)} ms (runs: ${builds.map((v) => v.toFixed(0)).join(', ')})`,
  );
  output.out(
    `validation share of the build: ${((100 * (median(validations) + compile)) / median(builds)).toFixed(1)} %`,
  );
}
