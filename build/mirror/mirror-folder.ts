// What `npm run mirror` owns on disk, and how it knows: <folder> is a link to <folder>.versions/<id>/, and
// <folder>.versions/ holds the command's marker file. The command replaces or deletes nothing else, and never follows
// a link out of that tree: a folder it does not recognise as its own is refused before anything is touched.
import { lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { swapLink } from '../infra/link-swap.ts';
import { SUMS_FILE } from '../write/bundle.ts';
import { MirrorError } from './download.ts';

/** The file in <folder>.versions/ that says the command made it (and so may delete what is in it). */
export const OWNER_MARKER = '.open-ev-mirror';
const MARKER_TEXT =
  'Made by npm run mirror (Open EV compatibility API): it replaces and deletes what is in this folder.\n';
/** A version's folder: the first 16 hex digits of its bundle's SHA-256, and a number when that name was taken. */
const VERSION_NAME = /^[0-9a-f]{16}(?:-\d{1,6})?$/;

export interface MirrorFolder {
  /** The folder as given, absolute: a link to the current version, or nothing before the first run. */
  folder: string;
  /** <folder>.versions: the versions, the download in progress and the marker. */
  versions: string;
  /** The version the folder links to, or null before the first run. */
  current: string | null;
}

const kindOf = (stat: { isSymbolicLink(): boolean; isDirectory(): boolean }) =>
  stat.isSymbolicLink() ? 'a link' : stat.isDirectory() ? 'a directory' : 'a file';
const lstat = (file: string) => lstatSync(file, { throwIfNoEntry: false });

/** Whether <folder>.versions/ is the command's own (a directory, not a link, holding the marker). */
function versionsAreOwn(versions: string): boolean {
  const stat = lstat(versions);
  if (!stat) return false;
  if (!stat.isDirectory())
    throw new MirrorError(
      `${versions} is ${kindOf(stat)}, not a directory this command made: refusing to touch it (move it away or pick another folder)`,
    );
  return lstat(path.join(versions, OWNER_MARKER))?.isFile() === true;
}

/**
 * The folder's state, once it is known to be the command's own; a MirrorError saying why otherwise. A mirror made
 * before the marker existed (the same link into <folder>.versions/, a version holding SHA256SUMS) is adopted.
 */
export function claimFolder(folderArgument: string, say?: (line: string) => void): MirrorFolder {
  const folder = path.resolve(folderArgument);
  const versions = `${folder}.versions`;
  const stat = lstat(folder);
  const own = versionsAreOwn(versions);
  const notOwn = `${versions} was not made by this command (it has no ${OWNER_MARKER}): refusing to touch it (move it away or pick another folder)`;
  if (!stat) {
    if (lstat(versions) && !own) throw new MirrorError(notOwn);
    return { folder, versions, current: null };
  }
  if (!stat.isSymbolicLink())
    throw new MirrorError(
      `${folder} is ${kindOf(stat)}, not a mirror made by this command (a link into ${path.basename(versions)}/): ` +
        `refusing to touch it (move it away or pick another folder)`,
    );
  const link = readlinkSync(folder);
  const [parent, name, ...rest] = link.split('/');
  if (parent !== path.basename(versions) || name === undefined || !VERSION_NAME.test(name) || rest.length > 0)
    throw new MirrorError(
      `${folder} is a link to ${link.slice(0, 200)}, not to a version this command made in ` +
        `${path.basename(versions)}/: refusing to touch it (remove the link or pick another folder)`,
    );
  const current = path.join(versions, name);
  const target = lstat(current);
  if (!target?.isDirectory())
    throw new MirrorError(
      `${folder} links to ${current}, which is ${target ? kindOf(target) : 'missing'}: refusing to touch it (remove the link or pick another folder)`,
    );
  if (!own) {
    if (lstat(path.join(current, SUMS_FILE))?.isFile() !== true) throw new MirrorError(notOwn);
    writeFileSync(path.join(versions, OWNER_MARKER), MARKER_TEXT, { flag: 'wx' });
    say?.(`${folder} was made by an earlier version of this command: marked as its own (${OWNER_MARKER})`);
  }
  return { folder, versions, current };
}

/** Creates <folder>.versions/ with its marker, when this is the first run. */
export function ensureVersions(mirror: MirrorFolder): void {
  if (lstat(mirror.versions)) return;
  mkdirSync(path.dirname(mirror.versions), { recursive: true });
  mkdirSync(mirror.versions);
  writeFileSync(path.join(mirror.versions, OWNER_MARKER), MARKER_TEXT, { flag: 'wx' });
}

/** A new, empty version folder for the bundle with this SHA-256. */
export function newVersion(mirror: MirrorFolder, sha256: string): string {
  for (let n = 1; ; n += 1) {
    const target = path.join(mirror.versions, n === 1 ? sha256.slice(0, 16) : `${sha256.slice(0, 16)}-${n}`);
    if (lstat(target)) continue;
    mkdirSync(target);
    return target;
  }
}

/** Deletes a version folder of the mirror's own (anything else is left alone; links inside are removed, not followed). */
export function removeVersion(mirror: MirrorFolder, version: string): void {
  if (path.dirname(version) !== mirror.versions || !VERSION_NAME.test(path.basename(version))) return;
  if (lstat(version)?.isDirectory()) rmSync(version, { recursive: true, force: true });
}

/** Points the folder at `version` in one rename (the old version serves until then); refuses if the folder changed. */
export function swapIn(mirror: MirrorFolder, version: string): void {
  swapLink(mirror.folder, mirror.versions, version, () => {
    const now = lstat(mirror.folder);
    if (now ? !now.isSymbolicLink() : mirror.current !== null)
      throw new MirrorError(`${mirror.folder} changed while the mirror was updated: nothing was swapped (run again)`);
  });
}

/** The folder of the download in progress (created on demand), emptied of all but `keep`. */
export function downloadFolder(mirror: MirrorFolder, keep: string): string {
  const downloads = path.join(mirror.versions, '.download');
  const stat = lstat(downloads);
  if (stat && !stat.isDirectory()) rmSync(downloads);
  mkdirSync(downloads, { recursive: true });
  for (const name of readdirSync(downloads))
    if (name !== keep) rmSync(path.join(downloads, name), { recursive: true, force: true });
  return downloads;
}
