// Test helpers: the project's folders, copies of a project's data/ in temp folders, the shared built sites, tree digests.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { beforeAll, inject } from 'vitest';
import { buildSite } from '../../build/pipeline/build-site.ts';
import { readReleaseRecords } from '../../build/data/release-records.ts';
import { bumpVersion, readRelease } from '../../build/data/release-file.ts';
import type { HistoryMode } from '../../build/release/edge-history.ts';
import { NothingToRelease, releaseDataset } from '../../build/release/release.ts';
import { PROJECT_ROOT, shippedSiteBuilt } from './shipped-site.ts';

/** The mini fixture as committed: its data and its last release, which the rules of today may have outdated. */
export const MINI_SOURCE = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
/**
 * The mini fixture the tests read: a copy of MINI_SOURCE released with today's rules by tests/global-setup.ts (so a
 * rule change never needs the committed fixture re-released), named by $EV_MINI_FIXTURE in the test workers.
 */
export const MINI_FIXTURE = process.env.EV_MINI_FIXTURE ?? MINI_SOURCE;

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
export { PROJECT_ROOT };
export const NETLIFY_TOML = path.join(PROJECT_ROOT, 'netlify.toml');
/** Written next to the shared sites' public/ (outside it): no response may ever contain it. */
export const OUTSIDE_SENTINEL = 'SENTINEL-OUTSIDE-PUBLIC-7f3a';

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
 * history })` leaves them. The build runs once per test worker and history mode; each call then only copies files.
 */
export async function copyBuiltFixture(history: HistoryMode = 'enforce'): Promise<string> {
  let template = builtTemplates.get(history);
  if (!template) {
    template = (async () => {
      const root = copyFixture();
      await buildSite({ root, history });
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
  writeFileSync(full, change(readFileSync(full, 'utf8')));
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

let shippedBuilt: Promise<void> | undefined;

/** Waits for the shipped site, which tests/global-setup.ts builds on a thread of its own; memoised per worker. */
function shippedSiteReady(): Promise<void> {
  shippedBuilt ??= shippedSiteBuilt(inject('shippedSite'));
  return shippedBuilt;
}

/** The shipped site, built before the calling file's other hooks run (call it before them, at the top of the file). */
export function useShippedSite(): SharedSite {
  beforeAll(shippedSiteReady, 120_000);
  return sharedSite('shipped');
}

/** A site built once per test run (mini: by tests/global-setup.ts; shipped: see useShippedSite); read it, never change it. */
export function sharedSite(name: 'mini' | 'shipped'): SharedSite {
  const publicDir = inject(name === 'mini' ? 'miniSite' : 'shippedSite');
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
