// Checking a mirror against SHA256SUMS: a folder as it is on disk, and a bundle while it is extracted (nothing of an
// unverified bundle is ever served: it is extracted next to the mirror and only swapped in once every file matched
// SHA256SUMS and every export matched the digest mirror.json gives it).
// Both stream: memory stays flat whatever the tree's size, and an extraction writes no more than mirror.json declares.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { opendir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { SUMS_FILE } from '../write/bundle.ts';
import { MirrorError } from './download.ts';

/** Longest file name a bundle may hold (bytes), and so the longest SHA256SUMS line: "<64 hex>  <name>\n". */
const MAX_NAME_BYTES = 1024;
const MAX_SUMS_LINE = 64 + 2 + MAX_NAME_BYTES + 1;
/** What a tar stream may hold per file beyond its content: a header, padding, a long-name header, a folder entry. */
const TAR_BYTES_PER_FILE = 4 * 512 + 2 * MAX_NAME_BYTES;

const isRegularFile = (file: string) => lstatSync(file, { throwIfNoEntry: false })?.isFile() === true;

/** Files up to this size are hashed from one read (a stream's 64 KiB buffers per small file are mostly garbage). */
const READ_WHOLE_BELOW = 1024 * 1024;

export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  if (statSync(file).size < READ_WHOLE_BELOW) return hash.update(await readFile(file)).digest('hex');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A bundle entry name that stays inside the folder it is extracted to, and fits on one SHA256SUMS line. */
const safeName = (name: string) =>
  name !== '' &&
  Buffer.byteLength(name) <= MAX_NAME_BYTES &&
  !name.startsWith('/') &&
  !name.includes('\\') &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f]/.test(name) &&
  !name
    .replace(/\/$/, '')
    .split('/')
    .some((part) => part === '..' || part === '.' || part === '');

/** A name's quoted form in a message (cut short, control characters escaped). */
const shown = (name: string) => JSON.stringify(name.slice(0, 80));

/** The lines of a file, each at most `max` bytes (null for a longer one, which ends the reading). */
async function* linesOf(file: string, max: number): AsyncGenerator<string | null> {
  let pending = Buffer.alloc(0);
  for await (const chunk of createReadStream(file)) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    let end: number;
    while ((end = pending.indexOf(0x0a)) !== -1) {
      if (end > max) {
        yield null;
        return;
      }
      yield pending.subarray(0, end).toString('utf8');
      pending = pending.subarray(end + 1);
    }
    if (pending.length > max) {
      yield null;
      return;
    }
  }
  if (pending.length > 0) yield pending.toString('utf8');
}

/** One SHA256SUMS line ("<hex>  <name>", the `sha256sum -c` format), or null when it is not one. */
function parseSumsLine(line: string): { hash: string; name: string } | null {
  const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
  return match && safeName(match[2]!) ? { hash: match[1]!, name: match[2]! } : null;
}

export interface FolderCheck {
  missing: number;
  altered: number;
  /** Files in the mirror that SHA256SUMS does not list (and that are not the mirror's own manifest and bundle). */
  extra: number;
  /** The first file found missing or altered, for a message. */
  first: string | null;
}

export const isClean = (check: FolderCheck) => check.missing + check.altered + check.extra === 0;

/**
 * Every file SHA256SUMS lists is there with its hash, and nothing else is (but `allowed` files). SHA256SUMS is read a
 * line at a time (its names in the bundle's order, each once), and the extra files are counted, not listed.
 */
export async function checkFolder(dir: string, allowed: (name: string) => boolean): Promise<FolderCheck> {
  const check: FolderCheck = { missing: 0, altered: 0, extra: 0, first: null };
  const wrong = (kind: 'missing' | 'altered', name: string) => {
    check[kind] += 1;
    check.first ??= name;
  };
  if (!isRegularFile(path.join(dir, SUMS_FILE))) {
    wrong('missing', SUMS_FILE);
    return check;
  }
  const root = realpathSync.native(dir);
  let present = 0;
  let previous = '';
  for await (const line of linesOf(path.join(root, SUMS_FILE), MAX_SUMS_LINE)) {
    const entry = line === null ? null : parseSumsLine(line);
    if (entry === null || entry.name <= previous) {
      wrong('altered', SUMS_FILE);
      break;
    }
    previous = entry.name;
    const file = path.join(root, entry.name);
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat) wrong('missing', entry.name);
    // A link in the way (of the file or of a folder above it) is never followed out of the mirror.
    else if (!stat.isFile() || realpathSync.native(file) !== file) wrong('altered', entry.name);
    else {
      present += 1;
      if ((await hashFile(file)) !== entry.hash) wrong('altered', entry.name);
    }
  }
  let files = 0;
  for await (const entry of await opendir(root, { recursive: true })) {
    if (entry.isDirectory()) continue;
    const name = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (name === SUMS_FILE || allowed(name)) continue;
    if (entry.isFile()) files += 1;
    else check.extra += 1;
  }
  check.extra += Math.max(0, files - present);
  return check;
}

/** What mirror.json declares of the bundle's content: an extraction is held to it. */
export interface DeclaredContent {
  files: number;
  bytes: number;
  /** The exports, each in the bundle under public/ at its path, with its SHA-256. */
  exports: readonly { path: string; sha256: string }[];
}

/** The bundle entry an export of mirror.json is, by its published path: /api/v1/exports/x → public/api/v1/exports/x. */
const exportEntry = (exportPath: string) => `public${exportPath}`;

/** Stops a stream as soon as more than `limit` bytes went through. */
function capped(limit: number, error: () => MirrorError): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? error() : null, chunk);
    },
  });
}

/** An entry of tar-stream's extraction (its own types leave the stream's type unresolved). */
interface Entry extends AsyncIterable<Buffer> {
  header: tar.Header;
  resume(): void;
}

/** Writes one entry to `target` (which must not exist) and returns its SHA-256. */
async function writeEntry(entry: Entry, target: string): Promise<string> {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(entry, hashing, createWriteStream(target, { flags: 'wx' }));
  return hash.digest('hex');
}

interface Extraction {
  files: number;
  bytes: number;
  /** SHA-256 and length of the SHA256SUMS the files extracted so far call for. */
  expected: ReturnType<typeof createHash>;
  expectedBytes: number;
  /** SHA-256 of the bundle's own SHA256SUMS, once it was extracted. */
  sums: string | null;
  /** The exports mirror.json declares, by entry name, with their SHA-256; each is removed once extracted. */
  exports: Map<string, string>;
}

const refusal = (why: string) => new MirrorError(`${why}: nothing was changed`);

async function takeEntry(entry: Entry, into: string, declared: DeclaredContent, state: Extraction) {
  const { name, type, size = 0 } = entry.header;
  if (!safeName(name)) throw refusal(`the bundle holds a path outside its folder (${shown(name)})`);
  if (state.sums !== null) throw refusal(`the bundle holds ${shown(name)} after ${SUMS_FILE}, which must come last`);
  // Folders are made for the files in them.
  if (type === 'directory') return void entry.resume();
  if (type !== 'file') throw refusal(`the bundle holds a ${type} (${shown(name)}), not a file`);
  if (name === SUMS_FILE) {
    if (size > declared.files * MAX_SUMS_LINE)
      throw refusal(`${SUMS_FILE} is ${size} bytes, more than ${declared.files} line(s) can hold (bad checksum)`);
  } else {
    state.files += 1;
    state.bytes += size;
    if (state.files > declared.files)
      throw refusal(`the bundle holds more than the ${declared.files} files mirror.json declares`);
    if (state.bytes > declared.bytes)
      throw refusal(`the bundle unpacks to more than the ${declared.bytes} bytes mirror.json declares`);
  }
  const target = path.join(into, name);
  let hash: string;
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    hash = await writeEntry(entry, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC')
      throw new MirrorError(`no space left on the device while extracting ${name}: nothing was changed`, {
        resumable: true,
      });
    if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR')
      throw refusal(`the bundle holds ${shown(name)} twice, or both as a file and a folder`);
    throw error;
  }
  if (name === SUMS_FILE) return void (state.sums = hash);
  const declaredHash = state.exports.get(name);
  if (declaredHash !== undefined && hash !== declaredHash)
    throw refusal(`${shown(name)} does not match its SHA-256 in mirror.json's exports (bad checksum)`);
  state.exports.delete(name);
  const line = `${hash}  ${name}\n`;
  state.expected.update(line);
  state.expectedBytes += Buffer.byteLength(line);
}

/** Why an extracted tree does not match its SHA256SUMS, once their digests differ. */
async function mismatch(into: string): Promise<MirrorError> {
  const check = await checkFolder(into, () => false);
  if (check.first === SUMS_FILE) return refusal(`${SUMS_FILE} in the bundle is not a list of "<sha256>  <file>" lines`);
  if (check.first !== null && check.altered > 0)
    return refusal(`${check.first} does not match its line in ${SUMS_FILE} (bad checksum)`);
  if (check.first !== null) return refusal(`${check.first} is listed in ${SUMS_FILE} but not in the bundle`);
  if (check.extra > 0) return refusal(`the bundle holds ${check.extra} file(s) that ${SUMS_FILE} does not list`);
  return refusal(`${SUMS_FILE} does not list the bundle's files in the bundle's order`);
}

/**
 * Extracts a bundle into the empty folder `into`, checking every file against the bundle's SHA256SUMS (its last
 * entry): the lines the files call for are hashed as they are extracted, and compared with SHA256SUMS in one digest.
 * Each export mirror.json names must be in the bundle with the SHA-256 mirror.json gives it (a bundle and SHA256SUMS
 * replaced together agree with each other, never with the export digests of a genuine mirror.json).
 * No more than mirror.json's `files` and `bytes` are written, and a stream that unpacks to more (a decompression bomb)
 * is cut short at that size plus the tar format's own bytes. `signal` aborts it (the run's deadline).
 */
export async function extractVerified(
  bundle: string,
  into: string,
  declared: DeclaredContent,
  signal: AbortSignal = new AbortController().signal,
): Promise<{ files: number }> {
  const limit = declared.bytes + declared.files * (MAX_SUMS_LINE + TAR_BYTES_PER_FILE) + 1024 * 1024;
  const state: Extraction = {
    files: 0,
    bytes: 0,
    expected: createHash('sha256'),
    expectedBytes: 0,
    sums: null,
    exports: new Map(
      declared.exports.map((declaredExport) => [exportEntry(declaredExport.path), declaredExport.sha256]),
    ),
  };
  const extract = tar.extract();
  const reading = pipeline(
    createReadStream(bundle),
    createGunzip(),
    capped(limit, () => refusal(`the bundle unpacks to more than mirror.json declares (a decompression bomb?)`)),
    extract,
    { signal },
  );
  reading.catch(() => {});
  try {
    for await (const entry of extract as unknown as AsyncIterable<Entry>) await takeEntry(entry, into, declared, state);
    await reading;
  } catch (error) {
    extract.destroy();
    if (signal.aborted && signal.reason instanceof MirrorError) throw signal.reason;
    if (error instanceof MirrorError) throw error;
    throw refusal(`the bundle cannot be read (${(error as Error).message})`);
  }
  if (state.sums === null) throw refusal(`the bundle has no ${SUMS_FILE}`);
  if (state.sums !== state.expected.digest('hex')) throw await mismatch(into);
  const [missingExport] = state.exports.keys();
  if (missingExport !== undefined)
    throw refusal(`mirror.json names the export ${shown(missingExport)}, which the bundle does not hold`);
  if (state.files !== declared.files || state.bytes !== declared.bytes)
    throw refusal(
      `the bundle holds ${state.files} files of ${state.bytes} bytes, mirror.json declares ${declared.files} of ${declared.bytes}`,
    );
  return { files: state.files };
}
