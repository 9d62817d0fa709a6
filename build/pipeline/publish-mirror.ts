// After a publishing build: the exports of the committed tree (/api/v1/exports/), the mirror bundle of the tree with
// them, and /api/v1/mirror.json describing both (contract §6). Skipped when the tree did not change and this release's
// bundle and exports are already there.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExportInfo, MirrorInfo } from '../api/schemas.ts';
import { createDocumentValidator, type DocumentValidator } from '../api/validate-documents.ts';
import { CODE_LICENSE, DATA_LICENSE } from '../core/license.ts';
import type { Release } from '../data/release-file.ts';
import { layout } from '../render/layout.ts';
import { folderSources, writeBundle, type BundleSource } from '../write/bundle.ts';
import { writeExports } from '../exports/write-exports.ts';
import type { BuildState } from './build-state.ts';
import { faultPoint } from '../write/fault-points.ts';

/** The repository the build code belongs to: its netlify.toml and licences go into every bundle. */
const CODE_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ROUTING_FILE = 'netlify.toml';

/** Everything of a bundle but the tree: the routing rules and both licences, under the names a mirror folder uses. */
function siteSources(): BundleSource[] {
  return [ROUTING_FILE, CODE_LICENSE.file, DATA_LICENSE.file].map((name) => ({
    name,
    path: path.join(CODE_ROOT, name),
  }));
}

/** What a publishing build still does once its tree is committed (structured-cloneable: it may go to a thread). */
export interface PublishTask {
  /** The new release's folder (not served yet). */
  publicDir: string;
  release: Release;
  /** Whether the commit wrote or deleted a file (else this release's exports and bundle may be current already). */
  treeChanged: boolean;
  /** The build state the tree token names. */
  state: BuildState;
}

/**
 * The exports, the bundle and mirror.json in the new release folder, then its renewed tree token (a server re-reads
 * the tree); the build then switches public/ to the folder (build-site.ts).
 */
export async function finishPublishing(task: PublishTask, validate = createDocumentValidator()): Promise<void> {
  const { publicDir, state } = task;
  await publishMirror(publicDir, task.release, task.treeChanged, validate);
  const token = path.join(publicDir, layout.treeToken());
  writeFileSync(`${token}.tmp`, `${state.token}\n`);
  renameSync(`${token}.tmp`, token);
}

/** Paths under public/ the bundle leaves out: itself and the manifest that names it. */
export const isMirrorFile = (relative: string) =>
  relative === layout.mirrorInfo() || relative.startsWith(layout.bundleFolder());

export async function publishMirror(
  publicDir: string,
  release: Release,
  treeChanged: boolean,
  validate: DocumentValidator,
): Promise<MirrorInfo> {
  const infoFile = path.join(publicDir, layout.mirrorInfo());
  const bundleFile = path.join(publicDir, layout.bundle(release.datasetVersion));
  if (!treeChanged && existsSync(infoFile) && existsSync(bundleFile)) {
    const current = JSON.parse(readFileSync(infoFile, 'utf8')) as Partial<MirrorInfo>;
    const exportsThere = current.exports?.every((file) => existsSync(path.join(publicDir, file.path)));
    if (current.datasetVersion === release.datasetVersion && exportsThere) return current as MirrorInfo;
  }
  const exported = await publishExports(publicDir, release);
  faultPoint('exports');
  const temporary = path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-bundle.tmp`);
  const sources = [...siteSources(), ...folderSources(publicDir, 'public/', isMirrorFile)];
  const result = await writeBundle(sources, temporary);
  faultPoint('bundle');
  const info: MirrorInfo = {
    datasetVersion: release.datasetVersion,
    releasedAt: release.releasedAt,
    dataDigest: release.dataDigest,
    files: result.files,
    bytes: result.bytes,
    bundle: { path: `/${layout.bundle(release.datasetVersion)}`, bytes: result.bundleBytes, sha256: result.sha256 },
    exports: exported,
  };
  validate(layout.mirrorInfo(), 'mirror', info);
  const folder = path.join(publicDir, layout.bundleFolder());
  mkdirSync(folder, { recursive: true });
  renameSync(temporary, bundleFile);
  for (const name of readdirSync(folder))
    if (path.join(folder, name) !== bundleFile) rmSync(path.join(folder, name), { force: true });
  writeFileSync(`${infoFile}.tmp`, `${JSON.stringify(info)}\n`);
  renameSync(`${infoFile}.tmp`, infoFile);
  faultPoint('mirror.json');
  return info;
}

/** Writes the exports next to public/, then swaps them in whole, so that public/ never holds half of them. */
async function publishExports(publicDir: string, release: Release): Promise<ExportInfo[]> {
  const sibling = (name: string) => path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-${name}`);
  const fresh = sibling('exports.tmp');
  const old = sibling('exports.old');
  const target = path.join(publicDir, layout.exportsFolder());
  for (const folder of [fresh, old]) rmSync(folder, { recursive: true, force: true });
  mkdirSync(fresh);
  try {
    const { files } = await writeExports(publicDir, fresh, release);
    if (existsSync(target)) renameSync(target, old);
    renameSync(fresh, target);
    return files;
  } finally {
    for (const folder of [fresh, old]) rmSync(folder, { recursive: true, force: true });
  }
}
