// The release folders behind public/: public is a link to .public-releases/<id>/, a build fills a new folder (the
// previous release's files, then its own changes) and switches the link with one rename(), so public/ is always one
// complete release. The new folder is the release before the previous one, brought up to the previous one by the
// changes the previous build recorded, or else hard links of every file; what else is in .public-releases/ (what killed
// builds left) is deleted as a build starts.
import {
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { swapLink } from '../infra/link-swap.ts';
import { threadAnswer } from '../infra/thread-answer.ts';
import { faultPoint } from './fault-points.ts';
import type { ReleaseTask } from './release-thread.ts';
import { removeEmptyDirs } from './tree-writer.ts';

/** The folder of the release folders, beside the served folder: `.public-releases` for `public`. */
export const releasesDir = (publicDir: string) =>
  path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-releases`);

/** A release folder's name: a time, the build's pid and its count of releases in that process (unique per machine). */
const RELEASE_NAME = /^r\d{13}-\d+-\d+$/;

const lstat = (file: string) => lstatSync(file, { throwIfNoEntry: false });

/** Thrown when public/ is something the build did not make (a file, or a link elsewhere): nothing is touched. */
export class ForeignPublicFolder extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForeignPublicFolder';
  }
}

/**
 * The release public/ serves now (an absolute path into .public-releases/), or null before the first build. A public/
 * that is a real folder (a build of before the swap, or one materialised for a deploy) is adopted first: moved into
 * .public-releases/ and linked (the one moment public/ does not exist, once per checkout).
 */
export function currentRelease(publicDir: string): string | null {
  const stat = lstat(publicDir);
  if (!stat) return null;
  if (stat.isDirectory()) {
    const adopted = path.join(releasesDir(publicDir), releaseName());
    mkdirSync(releasesDir(publicDir), { recursive: true });
    renameSync(publicDir, adopted);
    swapTo(publicDir, adopted);
    return adopted;
  }
  if (!stat.isSymbolicLink())
    throw new ForeignPublicFolder(`${publicDir} is a file, not a folder the build made: move it away and build again`);
  const link = readlinkSync(publicDir);
  const [parent, name, ...rest] = link.split('/');
  if (parent !== path.basename(releasesDir(publicDir)) || !RELEASE_NAME.test(name ?? '') || rest.length > 0)
    throw new ForeignPublicFolder(
      `${publicDir} is a link to ${link.slice(0, 200)}, not to a release the build made: remove the link and build again`,
    );
  const release = path.join(releasesDir(publicDir), name!);
  return lstat(release)?.isDirectory() ? release : null;
}

let releasesMade = 0;
/** Unique without waiting on the clock (two releases within a millisecond, or a clock a test holds still). */
function releaseName(): string {
  releasesMade += 1;
  return `r${String(Date.now()).padStart(13, '0')}-${process.pid}-${releasesMade}`;
}

/** A new release folder, and the promises of its preparation (newRelease). */
export interface NewRelease {
  release: string;
  /** Settled once the folder holds the files of the previous release. */
  ready: Promise<void>;
  /** Settled once the other folders of .public-releases/ are deleted. */
  cleared: Promise<void>;
}

/** What a release changed from the release it was made from: `.<release>-changes.json` beside it (recordChanges). */
interface ReleaseChanges {
  /** The release folder's name it was made from (served before it). */
  base: string;
  /** The paths its build wrote or deleted (a deleted folder ends with "/"). */
  changed: string[];
}

const changesFile = (release: string) => path.join(path.dirname(release), `.${path.basename(release)}-changes.json`);

/**
 * Records, before `release` is served, what its build changed from `base` (the release served while it was built), so
 * that the build after it can turn `base` into its own folder by these changes alone (newRelease) instead of linking
 * every file. Written before the swap: a release without the file is made by linking every file.
 */
export function recordChanges(release: string, base: string | null, changed: readonly string[] | null): void {
  // Without a release before it, or a list of what changed (a first build), the next build links every file.
  if (base === null || changed === null) return;
  const record: ReleaseChanges = { base: path.basename(base), changed: [...new Set(changed)].sort() };
  const file = changesFile(release);
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}

/** A path inside a release folder as a build writes it: relative, no "." or ".." segment, nothing empty inside. */
const isReleasePath = (changed: unknown): changed is string =>
  typeof changed === 'string' &&
  changed
    .replace(/\/$/, '')
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');

/**
 * The release before `previous` and what `previous` changed from it, where both are on disk and the record holds only
 * paths inside a release (a damaged record makes the new folder by links, and never reaches outside it); else null.
 */
function recyclable(previous: string): { from: string; changed: string[] } | null {
  let record: ReleaseChanges;
  try {
    record = JSON.parse(readFileSync(changesFile(previous), 'utf8')) as ReleaseChanges;
  } catch {
    return null;
  }
  if (typeof record.base !== 'string' || !RELEASE_NAME.test(record.base)) return null;
  if (!Array.isArray(record.changed) || !record.changed.every(isReleasePath)) return null;
  const from = path.join(path.dirname(previous), record.base);
  return from !== previous && lstat(from)?.isDirectory() ? { from, changed: record.changed } : null;
}

/**
 * A new release folder in .public-releases/, prepared on a thread of its own (release-thread.ts). Where the previous
 * build recorded its changes and the release it was made from is still there, that folder is renamed and brought up to
 * `previous` by those changes (hard links of the changed files, deletions): the cost of what changed, not of the tree.
 * Else the files of `previous` as hard links (the same bytes, no copy: the build replaces a changed file with a
 * rename, never in place, so no release's bytes change under it). Then every other folder of .public-releases/ but
 * `previous` is deleted (what killed builds left), so that at most two releases remain after the swap.
 */
export function newRelease(publicDir: string, previous: string | null, owned: readonly string[]): NewRelease {
  const releases = releasesDir(publicDir);
  mkdirSync(releases, { recursive: true });
  const recycle = previous ? recyclable(previous) : null;
  const keep = new Set(previous ? [path.basename(previous), path.basename(changesFile(previous))] : []);
  if (recycle) keep.add(path.basename(recycle.from));
  const remove = readdirSync(releases)
    .filter((name) => !keep.has(name))
    .map((name) => path.join(releases, name));
  const release = path.join(releases, releaseName());
  if (recycle) renameSync(recycle.from, release);
  else mkdirSync(release);
  const task: ReleaseTask = { previous, release, remove, changed: recycle?.changed ?? null, owned };
  const worker = new Worker(new URL('./release-thread.ts', import.meta.url), { workerData: task });
  const answer = (expected: string) =>
    threadAnswer<void>(worker, 'the thread preparing the release folder', (message) => message === expected).then(
      () => {},
    );
  const ready = answer('linked').then(() => faultPoint('cloned'));
  const cleared = answer('removed');
  // Settled whether or not the build awaits them (a build that fails first still lets the thread finish).
  ready.catch(() => {});
  cleared.catch(() => {});
  return { release, ready, cleared };
}

/** Hard-links files (copies them where the file system has no hard links, from the first refusal on). */
function fileLinker(): (from: string, to: string) => void {
  let canLink = true;
  return (from, to) => {
    if (canLink)
      try {
        linkSync(from, to);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EPERM' && code !== 'ENOTSUP') throw error;
        canLink = false;
      }
    copyFileSync(from, to);
  };
}

/** Hard-links every file under `from` into `to` (copies where the file system has no hard links). */
export function linkTree(from: string, to: string, link = fileLinker()): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const a = `${from}/${entry.name}`;
    const b = `${to}/${entry.name}`;
    if (entry.isDirectory()) {
      mkdirSync(b);
      linkTree(a, b, link);
    } else if (entry.isFile()) link(a, b);
  }
}

/**
 * Makes `to` (a copy of the release `from` was made from) equal to `from` by the paths `from`'s build changed: each
 * one removed from `to`, then linked again from `from` where `from` has it (a file, or a folder with all its files),
 * and the folders its deletions left empty removed. What lies outside the build's own top-level paths (`owned`: files
 * someone else put in public/) is not in the build's changes: it is taken from `from` as it is.
 */
export function applyChanges(from: string, to: string, changed: readonly string[], owned: readonly string[]): void {
  const link = fileLinker();
  // The trailing "/" of a folder is not needed: what is at a path is looked up in `from`.
  const ownedNames = new Set(owned.map((ownedPath) => ownedPath.replace(/\/$/, '')));
  const foreign = [...new Set([...readdirSync(to), ...readdirSync(from)])].filter((name) => !ownedNames.has(name));
  const gone: string[] = [];
  for (const changedPath of [...changed, ...foreign]) {
    const relative = changedPath.replace(/\/$/, '');
    const target = path.join(to, relative);
    rmSync(target, { recursive: true, force: true });
    const source = lstat(path.join(from, relative));
    if (source?.isDirectory()) {
      mkdirSync(target, { recursive: true });
      linkTree(path.join(from, relative), target, link);
    } else if (source?.isFile()) {
      mkdirSync(path.dirname(target), { recursive: true });
      link(path.join(from, relative), target);
    } else gone.push(relative);
  }
  removeEmptyDirs(to, gone);
}

/** Points public at `release` with one rename() of a fresh link over it: a reader sees the old or the new release. */
export function swapTo(publicDir: string, release: string): void {
  swapLink(publicDir, releasesDir(publicDir), release);
  faultPoint('swapped');
}

/**
 * Deletes a release folder that will not be served (its build failed), and the working files its build kept beside it
 * (`.<id>-staging`, `-spill-N`, `-exports.tmp`, `-bundle.tmp`).
 */
export function discardRelease(release: string): void {
  const dir = path.dirname(release);
  const prefix = `.${path.basename(release)}-`;
  for (const name of readdirSync(dir))
    if (name.startsWith(prefix)) rmSync(path.join(dir, name), { recursive: true, force: true });
  rmSync(release, { recursive: true, force: true });
}

/** Whether public links to `release` now (its swap happened). */
export function isServed(publicDir: string, release: string): boolean {
  try {
    return readlinkSync(publicDir) === path.join(path.basename(releasesDir(publicDir)), path.basename(release));
  } catch {
    return false;
  }
}

/**
 * Replaces the public link by the release folder itself, for a host that deploys public/ and does not follow a link
 * (see docs/cdn.md): not atomic (public/ is missing between the two steps), so only where nothing serves meanwhile.
 */
export function materialise(publicDir: string, release: string): void {
  rmSync(publicDir, { force: true });
  renameSync(release, publicDir);
}
