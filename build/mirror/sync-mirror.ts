// `npm run mirror`'s work: make a folder an exact, verified copy of an API's current release, in as few requests as
// possible (one when it is current), and swap it in atomically so the old copy serves until the new one is complete.
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { MirrorDocument } from '../api/feed-schemas.ts';
import type { MirrorInfo } from '../api/schemas.ts';
import { layout } from '../render/layout.ts';
import { downloadFile, getJson, MirrorError, type HttpOptions, type Progress } from './download.ts';
import { checkFolder, extractVerified, hashFile, isClean } from './verify.ts';

export interface MirrorOptions extends HttpOptions {
  base: string;
  folder: string;
  progress: Progress;
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

function baseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new MirrorError(`"${text}" is not a URL: give the API's base, e.g. https://example.org`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MirrorError(`"${text}" is not an http(s) URL`);
  return url.href.replace(/\/+$/, '');
}

/** The folder the mirror's symlink points at, or null when there is no mirror there yet. */
function currentTarget(folder: string): string | null {
  const stat = lstatSync(folder, { throwIfNoEntry: false });
  if (!stat) return null;
  if (!stat.isSymbolicLink())
    throw new MirrorError(
      `${folder} exists and is not a mirror made by this command (expected a link to ${folder}.versions/…): move it away or pick another folder`,
    );
  return path.resolve(path.dirname(folder), readlinkSync(folder));
}

/** Extracts and verifies `bundle`, adds the manifest and the bundle itself, and points the folder at it in one rename. */
async function install(
  folder: string,
  bundle: string,
  info: MirrorInfo,
  manifest: string,
  keepBundle: 'move' | 'copy',
): Promise<number> {
  const versions = `${folder}.versions`;
  let target = path.join(versions, info.bundle.sha256.slice(0, 16));
  for (let n = 2; existsSync(target); n += 1) target = path.join(versions, `${info.bundle.sha256.slice(0, 16)}-${n}`);
  let files: number;
  try {
    files = (await extractVerified(bundle, target)).files;
    const bundleTarget = path.join(target, 'public', layout.bundle(info.datasetVersion));
    mkdirSync(path.dirname(bundleTarget), { recursive: true });
    if (keepBundle === 'move') renameSync(bundle, bundleTarget);
    else copyFileSync(bundle, bundleTarget);
    writeFileSync(path.join(target, 'public', layout.mirrorInfo()), manifest);
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
  const previous = currentTarget(folder);
  const link = `${folder}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(path.relative(path.dirname(folder), target), link);
  renameSync(link, folder);
  if (previous && previous !== target) rmSync(previous, { recursive: true, force: true });
  return files;
}

export async function syncMirror(options: MirrorOptions): Promise<MirrorResult> {
  const base = baseUrl(options.base);
  const folder = path.resolve(options.folder);
  const requests = options.requests ?? { count: 0 };
  const http = { ...options, requests };
  const manifest = JSON.stringify(await getJson<unknown>(`${base}/${layout.mirrorInfo()}`, http));
  const parsed = MirrorDocument.safeParse(JSON.parse(manifest));
  if (!parsed.success) throw new MirrorError(`${base}/${layout.mirrorInfo()} is not a mirror manifest of this API`);
  const info = parsed.data;
  const manifestBytes = `${manifest}\n`;

  const existing = currentTarget(folder);
  if (existing) {
    const localManifest = path.join(folder, 'public', layout.mirrorInfo());
    const local = existsSync(localManifest) ? (JSON.parse(readFileSync(localManifest, 'utf8')) as MirrorInfo) : null;
    if (local?.bundle.sha256 === info.bundle.sha256) {
      const check = await checkFolder(folder, isMirrorOwn);
      if (isClean(check))
        return { outcome: 'current', datasetVersion: info.datasetVersion, requests: requests.count, files: info.files };
      options.say?.(
        `the mirror differs from its SHA256SUMS (${check.altered.length} altered, ${check.missing.length} missing, ${check.extra.length} extra): repairing`,
      );
      const localBundle = path.join(folder, 'public', layout.bundle(info.datasetVersion));
      if (existsSync(localBundle) && (await hashFile(localBundle)) === info.bundle.sha256) {
        const files = await install(folder, localBundle, info, manifestBytes, 'copy');
        return { outcome: 'repaired', datasetVersion: info.datasetVersion, requests: requests.count, files };
      }
    }
  }

  const downloads = `${folder}.download`;
  mkdirSync(downloads, { recursive: true });
  const part = path.join(downloads, `${info.bundle.sha256}.tar.gz`);
  for (const name of readdirSync(downloads))
    if (path.join(downloads, name) !== part) rmSync(path.join(downloads, name), { force: true });
  await downloadFile(`${base}${info.bundle.path}`, part, info.bundle.bytes, options.progress, http);
  const sha256 = await hashFile(part);
  if (sha256 !== info.bundle.sha256) {
    rmSync(part, { force: true });
    throw new MirrorError(
      `the bundle's SHA-256 is ${sha256.slice(0, 16)}…, mirror.json says ${info.bundle.sha256.slice(0, 16)}… (bad checksum): nothing was changed`,
    );
  }
  const files = await install(folder, part, info, manifestBytes, 'move');
  rmSync(downloads, { recursive: true, force: true });
  return { outcome: 'updated', datasetVersion: info.datasetVersion, requests: requests.count, files };
}
