// Test helpers: the project's folders, copies of a project's data/ in temp folders, the shared built sites, tree digests.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { beforeAll } from 'vitest';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { readReleaseRecords } from '../../build/data/release-records.ts';
import { bumpVersion, readRelease } from '../../build/data/release-file.ts';
import type { HistoryMode } from '../../build/release/edge-history.ts';
import { NothingToRelease, releaseDataset } from '../../build/release/release.ts';
import { builtSite, OUTSIDE_SENTINEL, PROJECT_ROOT, preparedOnce, runFolder } from './run-sites.ts';

/** The mini fixture as committed: its data and its last release, which the rules of today may have outdated. */
export const MINI_SOURCE = fileURLToPath(new URL('../fixtures/mini', import.meta.url));

/**
 * Copies a project's data/ to `target` and releases it when its rules or data no longer match its last release (on the
 * day of that release, so the copy is the same on every machine and every day); returns the copy's dataset version.
 */
export async function releasedCopy(source: string, target: string): Promise<string> {
  cpSync(path.join(source, 'data'), path.join(target, 'data'), { recursive: true });
  const last = readRelease(path.join(target, 'data'));
  try {
    return (await releaseDataset({ root: target, date: last?.releasedAt ?? '2026-01-15' })).release.datasetVersion;
  } catch (error) {
    if (error instanceof NothingToRelease) return error.current;
    throw error;
  }
}

/** The released mini fixture of this run (see MINI_FIXTURE), made by the first file that imports this module. */
async function releasedMiniFixture(): Promise<string> {
  const run = runFolder();
  if (run === undefined) return MINI_SOURCE;
  const project = path.join(run, 'mini-project');
  await preparedOnce(project, 'the released mini fixture', async () => {
    await releasedCopy(MINI_SOURCE, project);
  });
  return project;
}

/**
 * The mini fixture the tests read: a copy of MINI_SOURCE released with today's rules (so a rule change never needs the
 * committed fixture re-released), once per test run; outside a test run, MINI_SOURCE itself.
 */
export const MINI_FIXTURE = await releasedMiniFixture();

export { OUTSIDE_SENTINEL, PROJECT_ROOT };
export const NETLIFY_TOML = path.join(PROJECT_ROOT, 'netlify.toml');

/** The dataset version of the mini fixture the tests read, and the one its next (minor) release gets. */
export const MINI_VERSION = readRelease(path.join(MINI_FIXTURE, 'data'))?.datasetVersion ?? '0.0.0';
export const NEXT_MINI_VERSION = bumpVersion(MINI_VERSION, 'minor');
/** Every release of the mini fixture, newest first (as the changes feed lists them). */
export const MINI_RELEASES = (): string[] =>
  readReleaseRecords(path.join(MINI_FIXTURE, 'data')).map((record) => record.datasetVersion);

/** A fresh copy of a project's data/ folder (the mini fixture by default) in a temp folder; returns the project root. */
export function copyFixture(source = MINI_FIXTURE): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ev-fixture-'));
  cpSync(path.join(source, 'data'), path.join(root, 'data'), { recursive: true });
  return root;
}

const builtTemplates = new Map<HistoryMode, Promise<string>>();

/**
 * A fresh copy of the mini fixture already built: data/, public/ and the build state beside it, as `buildSite({ root,
 * history })` leaves them. The build runs once per test run and history mode (shared by the workers, in the run's
 * folder; once per process outside a run); each call then only copies files.
 */
export async function copyBuiltFixture(history: HistoryMode = 'enforce'): Promise<string> {
  let template = builtTemplates.get(history);
  if (!template) {
    template = (async () => {
      const run = runFolder();
      if (run === undefined) {
        const root = copyFixture();
        await buildSite({ root, history });
        return root;
      }
      const root = path.join(run, `built-${history}`);
      await preparedOnce(root, `the mini fixture built (${history})`, async () => {
        cpSync(path.join(MINI_FIXTURE, 'data'), path.join(root, 'data'), { recursive: true });
        await buildSite({ root, history });
      });
      return root;
    })();
    builtTemplates.set(history, template);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'ev-built-'));
  // verbatimSymlinks: public stays the relative link into the copy's own .public-releases/.
  cpSync(await template, root, { recursive: true, verbatimSymlinks: true });
  return root;
}

/** Rewrites one file of a project's data/ folder. */
export function editData(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, 'data', file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  // An edit that changes nothing (a pattern the file no longer holds) would leave its test testing nothing.
  if (after === before) throw new Error(`editData: the edit left data/${file} as it was`);
  writeFileSync(full, after);
}

/** Renames a vehicle of the mini fixture in every table that names it, and records the alias (old → new). */
export function renameFixtureVehicle(root: string, old: string, current: string): void {
  for (const file of ['vehicles.csv', 'vehicle_regions.csv', 'observations.csv'])
    editData(root, file, (t) => t.replace(new RegExp(`^${old},`, 'gm'), `${current},`));
  editData(root, 'aliases.csv', (t) => `${t.trimEnd()}\nvehicle,${old},${current},renamed to the slug conventions\n`);
}

export interface SharedSite {
  publicDir: string;
  /** Parsed JSON of a file the build wrote, by its path relative to public/. */
  json(relative: string): unknown;
}

/**
 * The shipped site (this repository's data/ in preview mode), built before the calling file's other hooks run (call it
 * before them, at the top of the file or of a describe block): only the files that use it wait for its build.
 */
export function useShippedSite(): SharedSite {
  let site: SharedSite | undefined;
  beforeAll(() => void (site = sharedSite('shipped')), 180_000);
  return {
    get publicDir() {
      return (site ??= sharedSite('shipped')).publicDir;
    },
    json: (relative) => (site ??= sharedSite('shipped')).json(relative),
  };
}

/**
 * A site built once per test run, on first use (tests/helpers/run-sites.ts), shared by every worker; the call waits for
 * it. mini: the released mini fixture built as published; shipped: see useShippedSite. Read it, never change it.
 */
export function sharedSite(name: 'mini' | 'shipped'): SharedSite {
  const publicDir = builtSite(name, MINI_FIXTURE);
  return { publicDir, json: (relative) => JSON.parse(readFileSync(path.join(publicDir, relative), 'utf8')) as unknown };
}

/** Every file under `dir` (dotfiles included) as sorted POSIX paths. */
export const listFiles = (dir: string): string[] => fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: true }).sort();

/** Path → sha256 of every file under `dir`, to compare whole trees byte for byte. */
export function treeDigest(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );
}
