// The mirror bundle: a deterministic tar+gzip of everything a mirror needs (the published tree, the routing rules, both
// licences) with SHA256SUMS as its last entry, streamed one file at a time so memory stays flat whatever the tree size.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { filesUnder } from '../infra/files-under.ts';
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

/** Bytes of tar per gzip member: large enough that the file is hardly larger than one stream's (release 0.16.0: +0.3 %). */
const MEMBER_BYTES = 4 * 1024 * 1024;
/** Members being compressed at once, on libuv's thread pool (4 threads by default): every core has one. */
const MEMBERS_IN_FLIGHT = 4;
const gzipAsync = promisify(gzip);

/**
 * Gzip as consecutive members of `memberBytes` of input each (the last one shorter), compressed concurrently and
 * written in order: a multi-member gzip file, which gzip, tar and zlib's gunzip read as one stream. The members' bounds
 * depend only on the bytes, not on how they arrive, so the same input gives the same file; each member's header names
 * the operating system "Unix" (zlib writes the machine's), so every machine writes the same bytes.
 */
export function gzipMembers(memberBytes = MEMBER_BYTES, inFlight = MEMBERS_IN_FLIGHT): Transform {
  const compressing: Promise<Buffer>[] = [];
  let held: Buffer[] = [];
  let size = 0;
  const compress = (input: Buffer) =>
    gzipAsync(input, { level: 6, chunkSize: memberBytes }).then((member) => {
      member[9] = 3;
      return member;
    });
  return new Transform({
    transform(this: Transform, chunk: Buffer, _encoding, done) {
      held.push(chunk);
      size += chunk.length;
      while (size >= memberBytes) {
        const joined = Buffer.concat(held, size);
        compressing.push(compress(joined.subarray(0, memberBytes)));
        held = [joined.subarray(memberBytes)];
        size -= memberBytes;
      }
      if (compressing.length < inFlight) {
        done();
        return;
      }
      // Enough in flight: hand the oldest on as they are done (the input waits meanwhile).
      const drain = async () => {
        while (compressing.length >= inFlight) this.push(await compressing.shift()!);
      };
      drain().then(() => done(), done);
    },
    flush(this: Transform, done) {
      if (size > 0) compressing.push(compress(Buffer.concat(held, size)));
      Promise.all(compressing).then((members) => {
        for (const member of members) this.push(member);
        done();
      }, done);
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
  const written = pipeline(pack, gzipMembers(), counting, createWriteStream(out));
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
