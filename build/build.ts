// The build pipeline: data/ → load → validate → derive → render → check against the JSON Schemas → write → public/.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDocumentValidator } from './api/validate-documents.ts';
import { loadDataset } from './data/dataset.ts';
import { TABLES } from './data/tables.ts';
import { OWNED_PATHS } from './render/layout.ts';
import { renderSite } from './render/site.ts';
import { TreeWriter, type WriteStats } from './write/tree-writer.ts';

export interface BuildOptions {
  /** Project folder holding data/. */
  root: string;
  /** Output folder; defaults to <root>/public. */
  publicDir?: string;
}

export interface BuildResult extends WriteStats {
  files: number;
  datasetVersion: string;
}

/**
 * Until dataset releases exist, the version is 0.0.0 with the data's content digest as build metadata:
 * the same data gives the same version on every machine.
 */
export function datasetVersionOf(root: string): string {
  const hash = createHash('sha256');
  for (const table of Object.values(TABLES).sort((a, b) => a.file.localeCompare(b.file))) {
    hash.update(`${table.file}\0`).update(readFileSync(path.join(root, 'data', table.file))).update('\0');
  }
  return `0.0.0+data.${hash.digest('hex').slice(0, 12)}`;
}

/**
 * Builds the site. Throws DataError when data/ has problems and SchemaViolation when a rendered document breaks
 * its published schema; either way public/ is left as it was.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const publicDir = options.publicDir ?? path.join(options.root, 'public');
  const data = await loadDataset(options.root);
  const datasetVersion = datasetVersionOf(options.root);
  const validate = createDocumentValidator();
  const writer = new TreeWriter(publicDir, OWNED_PATHS);
  let files = 0;
  try {
    for (const file of renderSite(data, datasetVersion)) {
      if (file.kind) validate(file.path, file.kind, file.document);
      writer.write(file.path, file.body);
      files += 1;
    }
    const stats = await writer.commit();
    return { ...stats, files, datasetVersion };
  } catch (error) {
    writer.abort();
    throw error;
  }
}
