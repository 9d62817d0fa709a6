// The mirror bundle: a deterministic tar+gzip of everything a mirror needs (the published tree, the routing rules, both
// licences) with SHA256SUMS as its last entry, streamed one file at a time so memory stays flat whatever the tree size.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { filesUnder } from '../core/files-under.ts';
import tar from 'tar-stream';

export interface BundleSource {
  /** Name in the bundle, POSIX, relative (e.g. "public/api/v1/_data/index.json"). */
  name: string;
  /** Where the file is on disk. */
  path: string;
}

export interface BundleResult {
  /** Files listed in SHA256SUMS (every file of the bundle but SHA256SUMS itself), and their total size. */
  files: number;
  bytes: number;
  bundleBytes: number;
  sha256: string;
}

export const SUMS_FILE = 'SHA256SUMS';
/** Files larger than this are streamed into the bundle rather than read whole. */
const STREAM_ABOVE = 8 * 1024 * 1024;
/** Every entry has this modification time (the epoch), owner 0:0 and no owner names: nothing of the machine leaks in. */
const FIXED = { mtime: new Date(0), uid: 0, gid: 0, uname: '', gname: '', linkname: '', devmajor: 0, devminor: 0 };

/** The files of a folder as bundle sources under a prefix, minus the excluded names. */
export function folderSources(
  dir: string,
  prefix: string,
  exclude: (relative: string) => boolean = () => false,
): BundleSource[] {
  return filesUnder(dir)
    .filter((relative) => !exclude(relative))
    .map((relative) => ({ name: `${prefix}${relative}`, path: `${dir}/${relative}` }));
}

/** Gzip's header names the operating system; zlib writes the machine's. Force "Unix" so every machine writes the same bytes. */
function fixedGzipOs(): Transform {
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (first && chunk.length > 9) {
        chunk[9] = 3;
        first = false;
      }
      done(null, chunk);
    },
  });
}

/** The folders an entry needs, each once, before it (tar readers create them anyway; listing them fixes their mode). */
function foldersOf(names: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const name of names) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i += 1) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [...folders];
}

/**
 * Joins the tar stream's many small chunks (a 512-byte header, then a body, per file) into 1 MB pieces, so gzip runs
 * a few hundred times instead of twice per file; deflate's output does not depend on how its input is cut.
 */
function coalesced(): Transform {
  const LIMIT = 1024 * 1024;
  let held: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      size += chunk.length;
      if (size >= LIMIT) {
        const joined = Buffer.concat(held, size);
        held = [];
        size = 0;
        done(null, joined);
      } else done();
    },
    flush(done) {
      done(null, size > 0 ? Buffer.concat(held, size) : undefined);
    },
  });
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function writeBundle(sources: readonly BundleSource[], out: string): Promise<BundleResult> {
  const files = [...sources].sort((a, b) => byName(a.name, b.name));
  const entries = [...foldersOf(files.map((file) => file.name)).map((name) => ({ name, path: null })), ...files].sort(
    (a, b) => byName(a.name, b.name),
  );
  const pack = tar.pack();
  const bundleHash = createHash('sha256');
  let bundleBytes = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bundleHash.update(chunk);
      bundleBytes += chunk.length;
      done(null, chunk);
    },
  });
  const written = pipeline(
    pack,
    coalesced(),
    createGzip({ level: 6, chunkSize: 1024 * 1024 }),
    fixedGzipOs(),
    counting,
    createWriteStream(out),
  );
  const sums: string[] = [];
  let bytes = 0;
  const add = (header: tar.Header, body: Buffer = Buffer.alloc(0)) =>
    new Promise<void>((resolve, reject) => {
      pack.entry(header, body, (error) => (error ? reject(error) : resolve()));
    });
  for (const entry of entries) {
    if (entry.path === null) {
      await add({ name: entry.name, type: 'directory', mode: 0o755, size: 0, ...FIXED });
      continue;
    }
    const size = statSync(entry.path).size;
    const hash = createHash('sha256');
    if (size <= STREAM_ABOVE) {
      const body = readFileSync(entry.path);
      hash.update(body);
      await add({ name: entry.name, type: 'file', mode: 0o644, size: body.length, ...FIXED }, body);
    } else {
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, type: 'file', mode: 0o644, size, ...FIXED }, (error) =>
          error ? reject(error) : resolve(),
        );
        const source = createReadStream(entry.path);
        source.on('data', (chunk) => hash.update(chunk));
        source.on('error', reject);
        source.pipe(sink);
      });
    }
    sums.push(`${hash.digest('hex')}  ${entry.name}\n`);
    bytes += size;
  }
  const sumsBody = Buffer.from(sums.join(''));
  await add({ name: SUMS_FILE, type: 'file', mode: 0o644, size: sumsBody.length, ...FIXED }, sumsBody);
  pack.finalize();
  await written;
  return { files: files.length, bytes, bundleBytes, sha256: bundleHash.digest('hex') };
}
