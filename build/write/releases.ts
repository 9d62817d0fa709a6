// The release folders behind public/: public is a link to .public-releases/<id>/, a build fills a new folder (hard links
// of the previous release's files, then its own changes) and switches the link with one rename(), so public/ is always
// one complete release. Older folders and what killed builds left in .public-releases/ are deleted as a build starts.
import { linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { swapLink } from '../infra/link-swap.ts';
import { threadAnswer } from '../infra/thread-answer.ts';
import { faultPoint } from './fault-points.ts';
import type { ReleaseTask } from './release-thread.ts';

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

/**
 * A new release folder in .public-releases/, prepared on a thread of its own (release-thread.ts): first the files of
 * `previous` as hard links (the same bytes, no copy: the build replaces a changed file with a rename, never in place,
 * so the previous release keeps its bytes), then every other folder of .public-releases/ but `previous` deleted
 * (older releases, what killed builds left), so that at most two releases remain after the swap.
 */
export function newRelease(publicDir: string, previous: string | null): NewRelease {
  const releases = releasesDir(publicDir);
  mkdirSync(releases, { recursive: true });
  const remove = readdirSync(releases)
    .filter((name) => previous === null || name !== path.basename(previous))
    .map((name) => path.join(releases, name));
  const release = path.join(releases, releaseName());
  mkdirSync(release);
  const task: ReleaseTask = { previous, release, remove };
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

/** Hard-links every file under `from` into `to` (copies where the file system has no hard links). */
export function linkTree(from: string, to: string): void {
  let canLink = true;
  const walk = (source: string, target: string) => {
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      const a = `${source}/${entry.name}`;
      const b = `${target}/${entry.name}`;
      if (entry.isDirectory()) {
        mkdirSync(b);
        walk(a, b);
      } else if (entry.isFile()) {
        if (canLink)
          try {
            linkSync(a, b);
            continue;
          } catch (error) {
            if (
              (error as NodeJS.ErrnoException).code !== 'EPERM' &&
              (error as NodeJS.ErrnoException).code !== 'ENOTSUP'
            )
              throw error;
            canLink = false;
          }
        copyFileSync(a, b);
      }
    }
  };
  walk(from, to);
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
