// One import of OpenEV Data: read the pinned release where it is (or the folder or archive given), reduce it to the
// records and fields we use, apply it to data/ with the maintainers' decisions, check what it would write as the checks
// do, then write the changed data files, or (verify) say how data/ differs from that re-import.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importFileTexts, importTextProblems, readImportFiles, writeImportFiles } from '../data-files.ts';
import { formatProblem } from '../../data/problems.ts';
import { applyExtract, type Finding } from './apply.ts';
import { readUpstreamRelease, type ReleaseLimits } from './checkout.ts';
import { DATASET, toExtractRecord, type Extract, type ExtractRecord } from './extract.ts';
import { compileRecords } from './layers.ts';
import { readMapping } from './mapping.ts';
import { PIN_FILE, pinnedReleaseFolder, readPin, type Pin } from './pin.ts';
import { listsOurMarkets } from './rules.ts';
import { screenRecord, type Screened } from './screen.ts';

/** Where the pin, the decisions and the attribution live, relative to the project root. */
export const IMPORT_DIR = 'data/imports/open-ev-data';
export const MAPPING_FILE = 'mapping.yaml';

/** The licence's title as its text gives it: a release under any other licence is refused. */
const LICENCE_TITLE = /Community Data License Agreement\s*[-–,]\s*Permissive\s*[-–,]\s*Version 2\.0/;

export interface ReleaseExtract {
  /** Where the release was read. */
  location: string;
  extract: Extract;
  /** Records that do not have the fields the importer needs, or whose names the checks would refuse, with why. */
  unreadable: Screened[];
  /** Values of readable records left out because the checks would refuse them (a cited document), with why. */
  cut: Screened[];
  /** Records listing none of our regions' markets, left out of the extract. */
  elsewhere: number;
}

export class ImportRefused extends Error {
  override name = 'ImportRefused';
}

/** A release's records, layers merged, reduced to the fields the importer uses and to the records of our markets. */
export async function extractRelease(location: string, pin: Pin, limits?: ReleaseLimits): Promise<ReleaseExtract> {
  const release = await readUpstreamRelease(location, limits);
  if (release.version !== null && release.version !== pin.version)
    throw new ImportRefused(
      `${location} is OpenEV Data ${release.version}, but ${IMPORT_DIR}/${PIN_FILE} pins ${pin.version}: set its version and commit first`,
    );
  const title = release.licence.split('\n').find((line) => line.trim() !== '') ?? '';
  if (!LICENCE_TITLE.test(title))
    throw new ImportRefused(
      `${location}/LICENCE is not the ${DATASET.licence} agreement (it begins "${title.slice(0, 80)}"); check the release's terms before importing it`,
    );
  const unreadable: Screened[] = [];
  const cut: Screened[] = [];
  const records: ExtractRecord[] = [];
  for (const compiled of compileRecords(release.files)) {
    const read = toExtractRecord(compiled);
    if ('error' in read) {
      unreadable.push(read);
      continue;
    }
    const screened = screenRecord(read);
    if (screened.record === null) unreadable.push(...screened.cut);
    else {
      cut.push(...screened.cut);
      records.push(screened.record);
    }
  }
  const ours = records.filter(listsOurMarkets);
  return {
    location,
    extract: {
      dataset: DATASET.name,
      repository: DATASET.repository,
      version: pin.version,
      licence: DATASET.licence,
      records: ours,
    },
    unreadable,
    cut,
    elsewhere: records.length - ours.length,
  };
}

/** A data file whose text differs from what the import gives: the lines only it has, and those only the import has. */
export interface FileDifference {
  file: string;
  removed: string[];
  added: string[];
}

export interface ImportResult {
  extract: Extract;
  release: ReleaseExtract;
  findings: Finding[];
  /** Files written (none on a dry run, a verify, or when nothing changed). */
  written: string[];
  /** Verify only: how data/ differs from the re-import (empty when it is exactly that). */
  differences: FileDifference[];
}

/** The lines of `before` not in `after` and the other way round, in file order (a line counted as often as it stands). */
function lineDifference(file: string, before: string, after: string): FileDifference {
  const minus = (a: string[], b: string[]) => {
    const left = new Map<string, number>();
    for (const line of b) left.set(line, (left.get(line) ?? 0) + 1);
    return a.filter((line) => {
      const n = left.get(line) ?? 0;
      if (n > 0) left.set(line, n - 1);
      return n === 0;
    });
  };
  const [old, now] = [before.split('\n'), after.split('\n')];
  return { file, removed: minus(old, now), added: minus(now, old) };
}

/**
 * Imports the release at `from` (a folder or a .tar.gz archive; the pinned release under ../shared/upstream/ when
 * absent) into `<root>/data`. Writes nothing when a decision is wrong, when the checks would refuse what it writes, on a
 * dry run, or on a verify (which compares instead).
 */
export async function importOpenEvData(options: {
  root: string;
  from?: string;
  dryRun?: boolean;
  verify?: boolean;
  limits?: ReleaseLimits;
}): Promise<ImportResult> {
  const dir = path.join(options.root, IMPORT_DIR);
  const pin = readPin(path.join(dir, PIN_FILE));
  const location = options.from ?? pinnedReleaseFolder(options.root, pin);
  if (options.from === undefined && !existsSync(location))
    throw new ImportRefused(
      `looked for OpenEV Data ${pin.version} (${IMPORT_DIR}/${PIN_FILE}) in ${location}, which does not exist; ` +
        'pass the release: npm run import -- open-ev-data <folder | release .tar.gz>',
    );
  const release = await extractRelease(location, pin, options.limits);
  const { extract } = release;
  const files = readImportFiles(options.root);
  const applied = applyExtract(files, extract, readMapping(path.join(dir, MAPPING_FILE)));
  const errors = applied.findings.filter((f) => f.kind === 'error');
  if (errors.length > 0)
    throw new ImportRefused(
      `${IMPORT_DIR}/${MAPPING_FILE}: ${errors.map((e) => `${e.record}: ${e.message}`).join('; ')} (nothing was written)`,
    );
  const texts = importFileTexts(applied.files);
  const refused = importTextProblems(texts);
  if (refused.length > 0)
    throw new ImportRefused(
      `the checks would refuse what the import would write (nothing was written): ${formatProblem(refused[0]!)}` +
        (refused.length > 1 ? ` (and ${refused.length - 1} more)` : ''),
    );
  const result: ImportResult = { extract, release, findings: applied.findings, written: [], differences: [] };
  if (options.verify) {
    for (const [file, text] of Object.entries(texts)) {
      const current = readFileSync(path.join(options.root, 'data', file), 'utf8');
      if (current !== text) result.differences.push(lineDifference(`data/${file}`, current, text));
    }
  } else if (!options.dryRun) {
    result.written = writeImportFiles(options.root, texts);
  }
  return result;
}
