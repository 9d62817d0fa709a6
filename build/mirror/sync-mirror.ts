// `npm run mirror`'s work: make a folder an exact, verified copy of an API's current release, in as few requests as
// possible (one when it is current), and swap it in atomically so the old copy serves until the new one is complete.
// The origin is not trusted: what it sends is held to what its mirror.json declares, within the run's timeouts.
import {
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { MirrorDocument } from '../api/feed-schemas.ts';
import type { MirrorInfo } from '../api/schemas.ts';
import { layout } from '../render/layout.ts';
import { startClock } from './clock.ts';
import { downloadFile, getJson, MirrorError, type HttpOptions, type HttpRun, type Progress } from './download.ts';
import {
  claimFolder,
  downloadFolder,
  ensureVersions,
  newVersion,
  OWNER_MARKER,
  removeVersion,
  swapIn,
  type MirrorFolder,
} from './mirror-folder.ts';
import { checkFolder, extractVerified, hashFile, isClean } from './verify.ts';

/** How long a run may take in all, and how long the origin may send nothing, by default (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 3600;
export const DEFAULT_STALL_SECONDS = 30;
/** mirror.json is a few hundred bytes: a longer answer is not one. */
const MAX_MANIFEST_BYTES = 64 * 1024;

export interface MirrorOptions extends HttpOptions {
  base: string;
  folder: string;
  progress: Progress;
  /** Seconds the whole run may take (default DEFAULT_TIMEOUT_SECONDS). */
  timeoutSeconds?: number;
  /** Seconds the origin may send nothing while an answer is awaited (default DEFAULT_STALL_SECONDS). */
  stallSeconds?: number;
}

export interface MirrorResult {
  outcome: 'current' | 'updated' | 'repaired';
  datasetVersion: string;
  requests: number;
  files: number;
}

/** Files of a mirror that SHA256SUMS does not list: the manifest and the bundle it names (both checked on their own). */
const isMirrorOwn = (name: string) =>
  name === `public/${layout.mirrorInfo()}` || name.startsWith(`public/${layout.bundleFolder()}`);

const isRegularFile = (file: string) => lstatSync(file, { throwIfNoEntry: false })?.isFile() === true;

function baseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new MirrorError(`"${text}" is not a URL: give the API's base, e.g. https://example.org`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MirrorError(`"${text}" is not an http(s) URL`);
  if (url.search !== '' || url.hash !== '')
    throw new MirrorError(`"${text}" has a query or a fragment: give the API's base, e.g. https://example.org`);
  return url.href.replace(/\/+$/, '');
}

/** The bundle's URL: mirror.json's `bundle.path` under <base>/api/v1/mirror/, never anywhere else. */
function bundleUrl(base: string, bundlePath: string): string {
  const folder = `${base}/${layout.bundleFolder()}`;
  const refused = new MirrorError(
    `mirror.json names its bundle at ${JSON.stringify(bundlePath.slice(0, 100))}, which is not under ${folder}: refused, nothing was changed`,
  );
  if (!bundlePath.startsWith('/')) throw refused;
  let url: URL;
  try {
    url = new URL(`${base}${bundlePath}`);
  } catch {
    throw refused;
  }
  const name = url.href.slice(folder.length);
  if (!url.href.startsWith(folder) || name === '' || name.includes('/') || url.search !== '' || url.hash !== '')
    throw refused;
  return url.href;
}

/** The mirror.json a version holds, or null when it has none that reads as one. */
function localManifest(version: string): MirrorInfo | null {
  const file = path.join(version, 'public', layout.mirrorInfo());
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size > MAX_MANIFEST_BYTES) return null;
  try {
    const parsed = MirrorDocument.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Extracts and verifies `bundle`, adds the manifest and the bundle itself, and points the folder at it in one rename. */
async function install(
  mirror: MirrorFolder,
  bundle: string,
  info: MirrorInfo,
  manifest: string,
  keepBundle: 'move' | 'copy',
  signal: AbortSignal,
): Promise<number> {
  const target = newVersion(mirror, info.bundle.sha256);
  let files: number;
  try {
    files = (await extractVerified(bundle, target, info, signal)).files;
    const bundleTarget = path.join(target, 'public', layout.bundle(info.datasetVersion));
    mkdirSync(path.dirname(bundleTarget), { recursive: true });
    if (keepBundle === 'move') renameSync(bundle, bundleTarget);
    else copyFileSync(bundle, bundleTarget, constants.COPYFILE_EXCL);
    writeFileSync(path.join(target, 'public', layout.mirrorInfo()), manifest);
  } catch (error) {
    removeVersion(mirror, target);
    throw error;
  }
  swapIn(mirror, target);
  if (mirror.current !== null && mirror.current !== target) removeVersion(mirror, mirror.current);
  return files;
}

/** After a failed run: the download folder goes unless it holds a download to resume, and a new versions folder goes. */
function cleanUp(mirror: MirrorFolder, downloads: string, createdVersions: boolean): void {
  if (readdirSync(downloads).length === 0) rmSync(downloads, { recursive: true });
  if (createdVersions && readdirSync(mirror.versions).every((name) => name === OWNER_MARKER))
    rmSync(mirror.versions, { recursive: true });
}

async function sync(base: string, mirror: MirrorFolder, run: HttpRun, progress: Progress): Promise<MirrorResult> {
  const document = await getJson(`${base}/${layout.mirrorInfo()}`, MAX_MANIFEST_BYTES, run);
  const parsed = MirrorDocument.safeParse(document);
  if (!parsed.success) throw new MirrorError(`${base}/${layout.mirrorInfo()} is not a mirror manifest of this API`);
  const info = parsed.data;
  const result = (outcome: MirrorResult['outcome'], files: number): MirrorResult => ({
    outcome,
    datasetVersion: info.datasetVersion,
    requests: run.requests?.count ?? 0,
    files,
  });
  const url = bundleUrl(base, info.bundle.path);
  const manifest = `${JSON.stringify(document)}\n`;

  if (mirror.current !== null && localManifest(mirror.current)?.bundle.sha256 === info.bundle.sha256) {
    const check = await checkFolder(mirror.current, isMirrorOwn);
    if (isClean(check)) return result('current', info.files);
    run.say?.(
      `the mirror differs from its SHA256SUMS (${check.altered} altered, ${check.missing} missing, ${check.extra} extra): repairing`,
    );
    const localBundle = path.join(mirror.current, 'public', layout.bundle(info.datasetVersion));
    if (isRegularFile(localBundle) && (await hashFile(localBundle)) === info.bundle.sha256)
      return result('repaired', await install(mirror, localBundle, info, manifest, 'copy', run.clock.deadline));
  }

  const createdVersions = lstatSync(mirror.versions, { throwIfNoEntry: false }) === undefined;
  ensureVersions(mirror);
  const downloads = downloadFolder(mirror, `${info.bundle.sha256}.tar.gz`);
  const part = path.join(downloads, `${info.bundle.sha256}.tar.gz`);
  try {
    await downloadFile(url, part, info.bundle.bytes, progress, run);
    const sha256 = await hashFile(part);
    if (sha256 !== info.bundle.sha256)
      throw new MirrorError(
        `the bundle's SHA-256 is ${sha256.slice(0, 16)}…, mirror.json says ${info.bundle.sha256.slice(0, 16)}… (bad checksum): nothing was changed`,
      );
    return result('updated', await install(mirror, part, info, manifest, 'move', run.clock.deadline));
  } catch (error) {
    if (!(error instanceof MirrorError && error.resumable)) rmSync(part, { recursive: true, force: true });
    throw error;
  } finally {
    cleanUp(mirror, downloads, createdVersions);
  }
}

export async function syncMirror(options: MirrorOptions): Promise<MirrorResult> {
  const base = baseUrl(options.base);
  const mirror = claimFolder(options.folder, options.say);
  const clock = startClock({
    deadlineSeconds: options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    stallSeconds: options.stallSeconds ?? DEFAULT_STALL_SECONDS,
    origin: new URL(base).origin,
  });
  try {
    return await sync(
      base,
      mirror,
      { ...options, requests: options.requests ?? { count: 0 }, clock },
      options.progress,
    );
  } finally {
    clock.stop();
  }
}
