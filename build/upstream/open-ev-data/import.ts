// One import of OpenEV Data: read a release (checkout or archive) into the pinned extract, or read the pinned extract,
// apply it to data/ with the maintainers' decisions, and write the extract, the licence and the changed data files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importFileTexts, readImportFiles, writeImportFiles } from '../data-files.ts';
import { applyExtract, type Finding } from './apply.ts';
import { readUpstreamRelease } from './checkout.ts';
import {
  DATASET,
  parseExtract,
  serializeExtract,
  toExtractRecord,
  type Extract,
  type ExtractRecord,
} from './extract.ts';
import { compileRecords } from './layers.ts';
import { readMapping } from './mapping.ts';
import { listsOurMarkets } from './rules.ts';

/** Where the extract, the upstream licence, the decisions and the attribution live, relative to the project root. */
export const IMPORT_DIR = 'data/imports/open-ev-data';
export const EXTRACT_FILE = 'extract.json';
export const LICENCE_FILE = 'LICENCE';
export const MAPPING_FILE = 'mapping.yaml';

export interface ReleaseExtract {
  extract: Extract;
  licence: string;
  /** Records that do not have the fields the importer needs, with the first problem. */
  unreadable: { path: string; error: string }[];
  /** Records listing none of our regions' markets, left out of the extract. */
  elsewhere: number;
}

/** A release's records, layers merged, reduced to the fields the importer uses and to the records of our markets. */
export async function extractRelease(location: string): Promise<ReleaseExtract> {
  const release = await readUpstreamRelease(location);
  const unreadable: ReleaseExtract['unreadable'] = [];
  const records: ExtractRecord[] = [];
  for (const compiled of compileRecords(release.files)) {
    const record = toExtractRecord(compiled);
    if ('error' in record) unreadable.push(record);
    else records.push(record);
  }
  const ours = records.filter(listsOurMarkets);
  return {
    extract: {
      dataset: DATASET.name,
      repository: DATASET.repository,
      version: release.version,
      licence: DATASET.licence,
      records: ours,
    },
    licence: release.licence,
    unreadable,
    elsewhere: records.length - ours.length,
  };
}

export interface ImportResult {
  extract: Extract;
  /** Set when the import read a release rather than the pinned extract. */
  release: ReleaseExtract | null;
  findings: Finding[];
  /** Files written (none on a dry run or when nothing changed). */
  written: string[];
}

export class ImportRefused extends Error {
  override name = 'ImportRefused';
}

/**
 * Imports `from` (a checkout folder, a .tar.gz release archive or an extract .json; the pinned extract when absent)
 * into `<root>/data`. Writes nothing when a decision is wrong (the errors are the message) or on a dry run.
 */
export async function importOpenEvData(options: {
  root: string;
  from?: string;
  dryRun?: boolean;
}): Promise<ImportResult> {
  const dir = path.join(options.root, IMPORT_DIR);
  const pinned = path.join(dir, EXTRACT_FILE);
  let release: ReleaseExtract | null = null;
  let extract: Extract;
  if (options.from === undefined || options.from.endsWith('.json')) {
    const file = options.from ?? pinned;
    if (!existsSync(file))
      throw new ImportRefused(
        `${file} does not exist; import a release first: npm run import -- open-ev-data <checkout or .tar.gz>`,
      );
    extract = parseExtract(readFileSync(file, 'utf8'), file);
  } else {
    release = await extractRelease(options.from);
    extract = release.extract;
  }
  const files = readImportFiles(options.root);
  const applied = applyExtract(files, extract, readMapping(path.join(dir, MAPPING_FILE)));
  const errors = applied.findings.filter((f) => f.kind === 'error');
  if (errors.length > 0)
    throw new ImportRefused(
      `${IMPORT_DIR}/${MAPPING_FILE}: ${errors.map((e) => `${e.record}: ${e.message}`).join('; ')} (nothing was written)`,
    );
  const written: string[] = [];
  if (!options.dryRun) {
    if (release !== null) {
      mkdirSync(dir, { recursive: true });
      for (const [name, text] of [
        [EXTRACT_FILE, serializeExtract(release.extract)],
        [LICENCE_FILE, release.licence],
      ] as const) {
        const target = path.join(dir, name);
        if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
        writeFileSync(target, text);
        written.push(`${IMPORT_DIR}/${name}`);
      }
    }
    written.push(...writeImportFiles(options.root, importFileTexts(applied.files)));
  }
  return { extract, release, findings: applied.findings, written };
}
