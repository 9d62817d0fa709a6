// The build pipeline: data/ → load → validate → derive → render (stamped from the ledger) → check against the JSON Schemas → write → public/.
import path from 'node:path';
import { createDocumentValidator } from '../api/validate-documents.ts';
import { loadDataset } from '../data/dataset.ts';
import { EdgeHistory, type HistoryMode } from '../release/edge-history.ts';
import { dataDigest, readRelease, RELEASE_FILE } from '../data/release-file.ts';
import { OWNED_PATHS } from '../render/layout.ts';
import { renderSite } from '../render/site.ts';
import { TreeWriter, type WriteStats } from '../write/tree-writer.ts';

export interface BuildOptions {
  /** Project folder holding data/. */
  root: string;
  /** Output folder; defaults to <root>/public. */
  publicDir?: string;
  /** enforce (default, for publishing): the ledger must match the data. provisional: preview versions, never published. */
  history?: HistoryMode;
}

export interface BuildResult extends WriteStats {
  files: number;
  datasetVersion: string;
}

/** The release does not match the data: publishing now would publish wrong edge versions. */
export class StaleLedgerError extends Error {
  constructor(readonly reasons: string[]) {
    super(`the ledger does not match the data:\n${reasons.map((r) => `  - ${r}`).join('\n')}\nrun npm run release to stamp a new dataset version`);
    this.name = 'StaleLedgerError';
  }
}

/**
 * Builds the site. Throws DataError when data/ has problems, StaleLedgerError when the data changed since the last
 * release (enforce mode), SchemaViolation when a rendered document breaks its schema; public/ is then left as it was.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const publicDir = options.publicDir ?? path.join(options.root, 'public');
  const dataDir = path.join(options.root, 'data');
  const mode = options.history ?? 'enforce';
  const data = await loadDataset(options.root);
  const release = readRelease(dataDir);
  const digest = dataDigest(dataDir);
  if (mode === 'enforce') {
    if (!release) throw new StaleLedgerError([`data/${RELEASE_FILE} is missing: no dataset has been released yet`]);
    if (release.dataDigest !== digest) throw new StaleLedgerError([`data/ changed since release ${release.datasetVersion} (digest ${release.dataDigest}, now ${digest})`]);
  }
  const datasetVersion = mode === 'enforce' ? release!.datasetVersion : `${release?.datasetVersion ?? '0.0.0'}+preview.${digest}`;
  const history = new EdgeHistory(dataDir, data, mode);
  const validate = createDocumentValidator();
  const writer = new TreeWriter(publicDir, OWNED_PATHS);
  let files = 0;
  try {
    for (const file of renderSite(data, datasetVersion, history)) {
      if (file.kind) validate(file.path, file.kind, file.document);
      writer.write(file.path, file.body);
      files += 1;
    }
    if (history.staleEdges > 0) {
      const more = history.staleEdges - history.stale.length;
      throw new StaleLedgerError([...history.stale, ...(more > 0 ? [`and ${more} more edge(s)`] : [])]);
    }
    const stats = await writer.commit();
    return { ...stats, files, datasetVersion };
  } catch (error) {
    writer.abort();
    throw error;
  }
}
