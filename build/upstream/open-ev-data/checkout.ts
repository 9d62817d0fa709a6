// Reads an OpenEV Data release as published: a checkout (a folder with src/, package.json and LICENCE) or the
// release's source archive (.tar.gz, one top folder), into its version, its licence text and its src/ JSON files.
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

/** The files of one upstream release that the importer reads. */
export interface UpstreamRelease {
  /** The release's version (package.json), e.g. 1.24.0. */
  version: string;
  /** The licence text, verbatim (LICENCE). */
  licence: string;
  /** Every JSON file under src/, by its path from the release's root (src/<make>/<model>/…), with its text. */
  files: Map<string, string>;
}

/** What a release must hold besides src/. */
const PACKAGE = 'package.json';
const LICENCE = 'LICENCE';

const wanted = (relative: string) =>
  relative === PACKAGE || relative === LICENCE || (relative.startsWith('src/') && relative.endsWith('.json'));

function listTree(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return relative === 'src' || relative.startsWith('src/') ? listTree(root, relative) : [];
      return entry.isFile() && wanted(relative) ? [relative] : [];
    });
}

async function readArchive(file: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      if (header.type === 'file') texts.set(header.name, Buffer.concat(chunks).toString('utf8'));
      next();
    });
    stream.resume();
  });
  await pipeline(createReadStream(file), createGunzip(), extract);
  // A release archive holds one top folder (open-ev-data-dataset-<version>/): paths are read from inside it.
  const tops = new Set([...texts.keys()].map((name) => name.split('/')[0]!));
  const strip = tops.size === 1 && [...texts.keys()].every((name) => name.includes('/'));
  return new Map(
    [...texts]
      .map(([name, text]) => [strip ? name.slice(name.indexOf('/') + 1) : name, text] as [string, string])
      .filter(([name]) => wanted(name)),
  );
}

/** Reads a checkout folder or a .tar.gz release archive; throws a one-line Error when it is not an OpenEV Data release. */
export async function readUpstreamRelease(location: string): Promise<UpstreamRelease> {
  let texts: Map<string, string>;
  if (statSync(location).isDirectory()) {
    texts = new Map(
      listTree(location).map((relative) => [relative, readFileSync(path.join(location, relative), 'utf8')]),
    );
  } else if (/\.(tar\.gz|tgz)$/.test(location)) {
    texts = await readArchive(location);
  } else {
    throw new Error(`${location} is neither a checkout folder nor a .tar.gz release archive`);
  }
  const manifest = texts.get(PACKAGE);
  const licence = texts.get(LICENCE);
  if (manifest === undefined || licence === undefined)
    throw new Error(`${location} has no ${PACKAGE} and ${LICENCE} at its root: not an OpenEV Data release`);
  const version = (JSON.parse(manifest) as { version?: unknown }).version;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`${location}/${PACKAGE} has no version of the form 1.2.3`);
  const files = new Map([...texts].filter(([name]) => name.startsWith('src/')).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (files.size === 0) throw new Error(`${location} has no JSON files under src/`);
  return { version, licence, files };
}
