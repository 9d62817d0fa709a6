// After a publishing build: the mirror bundle of the committed tree and /api/v1/mirror.json describing it (contract §6).
// Skipped when the tree did not change and the bundle of this release is already there.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MirrorInfo } from '../api/schemas.ts';
import type { DocumentValidator } from '../api/validate-documents.ts';
import { CODE_LICENSE, DATA_LICENSE } from '../core/license.ts';
import type { Release } from '../data/release-file.ts';
import { layout } from '../render/layout.ts';
import { folderSources, writeBundle, type BundleSource } from '../write/bundle.ts';

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
    const current = JSON.parse(readFileSync(infoFile, 'utf8')) as MirrorInfo;
    if (current.datasetVersion === release.datasetVersion) return current;
  }
  const temporary = path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-bundle.tmp`);
  const sources = [...siteSources(), ...folderSources(publicDir, 'public/', isMirrorFile)];
  const result = await writeBundle(sources, temporary);
  const info: MirrorInfo = {
    datasetVersion: release.datasetVersion,
    releasedAt: release.releasedAt,
    dataDigest: release.dataDigest,
    files: result.files,
    bytes: result.bytes,
    bundle: { path: `/${layout.bundle(release.datasetVersion)}`, bytes: result.bundleBytes, sha256: result.sha256 },
  };
  validate(layout.mirrorInfo(), 'mirror', info);
  const folder = path.join(publicDir, layout.bundleFolder());
  mkdirSync(folder, { recursive: true });
  renameSync(temporary, bundleFile);
  for (const name of readdirSync(folder))
    if (path.join(folder, name) !== bundleFile) rmSync(path.join(folder, name), { force: true });
  writeFileSync(`${infoFile}.tmp`, `${JSON.stringify(info)}\n`);
  renameSync(`${infoFile}.tmp`, infoFile);
  return info;
}
