// Test helper: what a project's public/ serves is one complete release (the swap of build/write/releases.ts): every
// file its bundle's SHA256SUMS lists is there with that digest and nothing else is, the bundle and the exports match
// mirror.json, and /api/v1, mirror.json and the bundle name one dataset version.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import tar from 'tar-stream';
import type { MirrorInfo } from '../../build/api/schemas.ts';
import { filesUnder } from '../../build/infra/files-under.ts';
import { layout } from '../../build/render/layout.ts';
import { SUMS_FILE } from '../../build/write/bundle.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The one file `name` of a (small) tar.gz bundle. */
async function bundleEntry(bundle: Buffer, name: string): Promise<string> {
  const extract = tar.extract();
  let found: string | null = null;
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (part: unknown) => parts.push(part as Buffer));
      stream.on('end', () => {
        if (header.name === name) found = Buffer.concat(parts).toString('utf8');
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(gunzipSync(bundle));
  await done;
  if (found === null) throw new Error(`the bundle has no ${name}`);
  return found;
}

export interface ServedRelease {
  datasetVersion: string;
  /** The release folder public/ links to. */
  folder: string;
  files: number;
}

/**
 * Checks what `publicDir` (a link to a release folder; `link: false` also takes a folder) serves, as one complete
 * publishing build's release; throws an Error naming every problem otherwise.
 */
export async function servedRelease(publicDir: string, { link = true } = {}): Promise<ServedRelease> {
  const problems: string[] = [];
  if (link && !lstatSync(publicDir).isSymbolicLink()) problems.push(`${publicDir} is not a link`);
  const folder = realpathSync(publicDir);
  const read = (relative: string) => readFileSync(path.join(folder, relative));
  const version = (JSON.parse(read(layout.index()).toString('utf8')) as { datasetVersion: string }).datasetVersion;
  const info = JSON.parse(read(layout.mirrorInfo()).toString('utf8')) as MirrorInfo;
  if (info.datasetVersion !== version) problems.push(`mirror.json is ${info.datasetVersion}, /api/v1 is ${version}`);
  const bundle = read(info.bundle.path.slice(1));
  if (sha256(bundle) !== info.bundle.sha256) problems.push(`the bundle does not match mirror.json's bundle.sha256`);
  if (info.bundle.path !== `/${layout.bundle(version)}`)
    problems.push(`the bundle ${info.bundle.path} is not ${version}'s`);
  for (const file of info.exports)
    if (sha256(read(file.path.slice(1))) !== file.sha256) problems.push(`${file.path} does not match mirror.json`);
  const listed = new Map<string, string>();
  for (const line of (await bundleEntry(bundle, SUMS_FILE)).trim().split('\n')) {
    const [hash, name] = line.split('  ') as [string, string];
    if (name.startsWith('public/')) listed.set(name.slice('public/'.length), hash);
  }
  const served = filesUnder(folder).filter(
    (file) => file !== layout.mirrorInfo() && !file.startsWith(layout.bundleFolder()),
  );
  for (const file of served) {
    const hash = listed.get(file);
    if (hash === undefined) problems.push(`${file} is served but not in the bundle's ${SUMS_FILE}`);
    else if (sha256(read(file)) !== hash) problems.push(`${file} does not match ${SUMS_FILE}`);
  }
  const missing = [...listed.keys()].filter((file) => !served.includes(file));
  if (missing.length > 0) problems.push(`${missing.length} file(s) of ${SUMS_FILE} missing, ${missing[0]} first`);
  if (problems.length > 0) throw new Error(`public/ is not one complete release:\n${problems.slice(0, 10).join('\n')}`);
  return { datasetVersion: version, folder: path.basename(folder), files: served.length };
}
