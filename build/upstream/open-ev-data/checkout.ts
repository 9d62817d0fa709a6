// Reads an OpenEV Data release where it is: a folder (the pinned copy under ../shared/upstream/ or a checkout) or the
// release's source archive (.tar.gz, streamed, one top folder). Only the files the import uses are read, each and all
// together within caps, so that no release, however made, takes more than a few megabytes or a few seconds.
import { createReadStream, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { parseJsonText } from '../json-text.ts';

/** The files of one upstream release that the importer reads. */
export interface UpstreamRelease {
  /** The release's version as its package.json gives it, or null when it has none (the pinned copy has none). */
  version: string | null;
  /** The licence text (LICENCE): read to check which licence it is, never copied. */
  licence: string;
  /** Every JSON file under src/, by its path from the release's root (src/<make>/<model>/…), with its text. */
  files: Map<string, string>;
}

/** What the reader reads at most (OpenEV Data 1.24.0: 1,451 files, the largest 27 KB, 1.8 MB in all). */
export const RELEASE_LIMITS = {
  /** One file read. */
  fileBytes: 1024 * 1024,
  /** All files read together. */
  totalBytes: 32 * 1024 * 1024,
  /** Files read. */
  files: 20_000,
  /** Everything an archive unpacks to, files skipped included. */
  archiveBytes: 256 * 1024 * 1024,
} as const;
export type ReleaseLimits = { [K in keyof typeof RELEASE_LIMITS]: number };

/** What a release must hold besides src/. */
const PACKAGE = 'package.json';
const LICENCE = 'LICENCE';

const wanted = (relative: string) =>
  relative === PACKAGE || relative === LICENCE || (relative.startsWith('src/') && relative.endsWith('.json'));

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MiB`;

/** Counts what is read against the caps; throws a one-line Error naming the file that goes over. */
class Budget {
  private bytes = 0;
  private count = 0;
  private readonly where: string;
  private readonly limits: ReleaseLimits;
  constructor(where: string, limits: ReleaseLimits) {
    this.where = where;
    this.limits = limits;
  }
  /** Before reading a file of `size` bytes (or after, when its size was not known). */
  take(relative: string, size: number): void {
    if (size > this.limits.fileBytes)
      throw new Error(
        `${this.where}: ${relative} is larger than ${mib(this.limits.fileBytes)}, the most one release file may hold; not an OpenEV Data release`,
      );
    this.bytes += size;
    this.count += 1;
    if (this.bytes > this.limits.totalBytes || this.count > this.limits.files)
      throw new Error(
        `${this.where}: the files to read pass ${this.limits.files} files or ${mib(this.limits.totalBytes)} at ${relative}; not an OpenEV Data release`,
      );
  }
}

/** A folder's wanted files: links followed where they stay inside the folder, refused (named) where they leave it. */
function readFolder(location: string, limits: ReleaseLimits): Map<string, string> {
  const root = realpathSync(location);
  const budget = new Budget(location, limits);
  const texts = new Map<string, string>();
  const inside = (target: string) => target === root || target.startsWith(`${root}${path.sep}`);
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      let full = path.join(root, relative);
      if (entry.isSymbolicLink()) {
        if (!wanted(relative) && !(relative === 'src' || relative.startsWith('src/'))) continue;
        let target: string;
        try {
          target = realpathSync(full);
        } catch {
          throw new Error(`${path.join(location, relative)} is a symbolic link to nothing; not an OpenEV Data release`);
        }
        if (!inside(target))
          throw new Error(
            `${path.join(location, relative)} is a symbolic link to ${target}, outside the release folder; refused`,
          );
        if (!statSync(target).isFile())
          throw new Error(`${path.join(location, relative)} is a symbolic link to a folder; only files may be links`);
        full = target;
      } else if (entry.isDirectory()) {
        if (relative === 'src' || relative.startsWith('src/')) visit(relative);
        continue;
      } else if (!entry.isFile()) continue;
      if (!wanted(relative)) continue;
      budget.take(relative, lstatSync(full).size);
      texts.set(relative, readFileSync(full, 'utf8'));
    }
  };
  visit('');
  return texts;
}

/** Counts the bytes an archive unpacks to and stops the stream past the cap. */
function unpackedCap(file: string, limit: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit)
        done(new Error(`${file} unpacks to more than ${mib(limit)}; not an OpenEV Data release archive`));
      else done(null, chunk);
    },
  });
}

/** An archive's wanted files, streamed: the others are skipped unread, and no file is held past its cap. */
async function readArchive(file: string, limits: ReleaseLimits): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const budget = new Budget(file, limits);
  const extract = tar.extract();
  // A release archive holds one top folder (open-ev-data-dataset-<version>/): paths are read from inside it.
  let top: string | null | undefined;
  extract.on('entry', (header, stream, next) => {
    // An entry cut short by a refusal reports it through the pipeline; its own stream's error is the same one.
    stream.on('error', () => {});
    const fail = (error: Error) => {
      stream.resume();
      extract.destroy(error);
    };
    const name = header.name.replace(/^\.\//, '');
    if (top === undefined) top = name.includes('/') ? name.slice(0, name.indexOf('/') + 1) : null;
    if (top !== null && !name.startsWith(top))
      return fail(new Error(`${file}: ${name} is outside the archive's top folder ${top}; not a release archive`));
    const relative = top === null ? name : name.slice(top.length);
    if (!wanted(relative)) {
      stream.on('end', () => next());
      stream.resume();
      return;
    }
    if (header.type !== 'file')
      return fail(new Error(`${file}: ${name} is a ${header.type}, not a file; a release archive holds its files`));
    try {
      budget.take(relative, header.size ?? 0);
    } catch (error) {
      return fail(error as Error);
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      texts.set(relative, Buffer.concat(chunks).toString('utf8'));
      next();
    });
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), unpackedCap(file, limits.archiveBytes), extract);
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith(file)) throw error;
    throw new Error(`${file}: not a readable .tar.gz release archive (${message.split('\n')[0]})`, { cause: error });
  }
  return texts;
}

/** Reads a folder or a .tar.gz release archive; throws a one-line Error when it is not an OpenEV Data release. */
export async function readUpstreamRelease(
  location: string,
  limits: ReleaseLimits = RELEASE_LIMITS,
): Promise<UpstreamRelease> {
  let texts: Map<string, string>;
  if (statSync(location).isDirectory()) {
    texts = readFolder(location, limits);
  } else if (/\.(tar\.gz|tgz)$/.test(location)) {
    texts = await readArchive(location, limits);
  } else {
    throw new Error(`${location} is neither a release folder nor a .tar.gz release archive`);
  }
  const manifest = texts.get(PACKAGE);
  const licence = texts.get(LICENCE);
  if (licence === undefined) throw new Error(`${location} has no ${LICENCE} at its root: not an OpenEV Data release`);
  let version: string | null = null;
  if (manifest !== undefined) {
    const declared = (parseJsonText(manifest, `${location}/${PACKAGE}`) as { version?: unknown } | null)?.version;
    if (typeof declared !== 'string' || !/^\d+\.\d+\.\d+$/.test(declared))
      throw new Error(`${location}/${PACKAGE} has no version of the form 1.2.3`);
    version = declared;
  }
  const files = new Map([...texts].filter(([name]) => name.startsWith('src/')).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (files.size === 0) throw new Error(`${location} has no JSON files under src/`);
  return { version, licence, files };
}
