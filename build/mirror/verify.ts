// Checking a mirror against SHA256SUMS: a folder as it is on disk, and a bundle while it is extracted (nothing of an
// unverified bundle is ever served: it is extracted next to the mirror and only swapped in once every file matched).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import fg from 'fast-glob';
import tar from 'tar-stream';
import { SUMS_FILE } from '../write/bundle.ts';
import { MirrorError } from './download.ts';

export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** name → sha256 of a SHA256SUMS file's text (the `sha256sum -c` format: "<hex>  <name>"). */
export function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) throw new MirrorError(`${SUMS_FILE} has a line that is not "<sha256>  <file>": ${line.slice(0, 80)}`);
    sums.set(match[2]!, match[1]!);
  }
  return sums;
}

export interface FolderCheck {
  missing: string[];
  altered: string[];
  /** Files in the mirror that SHA256SUMS does not list (and that are not the mirror's own manifest and bundle). */
  extra: string[];
}

export const isClean = (check: FolderCheck) => check.missing.length + check.altered.length + check.extra.length === 0;

/** Every file SHA256SUMS lists is there with its hash, and nothing else is (but `allowed` files). */
export async function checkFolder(dir: string, allowed: (name: string) => boolean): Promise<FolderCheck> {
  const sumsFile = path.join(dir, SUMS_FILE);
  if (!existsSync(sumsFile)) return { missing: [SUMS_FILE], altered: [], extra: [] };
  const sums = parseSums(readFileSync(sumsFile, 'utf8'));
  const check: FolderCheck = { missing: [], altered: [], extra: [] };
  for (const [name, expected] of sums) {
    const file = path.join(dir, name);
    if (!existsSync(file)) check.missing.push(name);
    else if ((await hashFile(file)) !== expected) check.altered.push(name);
  }
  for (const name of fg.sync('**', { cwd: dir, onlyFiles: true, dot: true }))
    if (name !== SUMS_FILE && !sums.has(name) && !allowed(name)) check.extra.push(name);
  return check;
}

/** A bundle entry name that stays inside the folder it is extracted to. */
const safeName = (name: string) =>
  !name.startsWith('/') &&
  !name.includes('\\') &&
  !name.split('/').some((part) => part === '..' || part === '.') &&
  !name.includes('\0');

/** Extracts a bundle into `into` (which must not exist), checking every file against the bundle's SHA256SUMS. */
export async function extractVerified(bundle: string, into: string): Promise<{ files: number }> {
  mkdirSync(into, { recursive: true });
  const hashes = new Map<string, string>();
  let sums: string | null = null;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const fail = (message: string) => {
      stream.resume();
      extract.destroy(new MirrorError(message));
    };
    if (!safeName(header.name))
      return fail(`the bundle holds a path outside its folder (${header.name.slice(0, 80)}): nothing was changed`);
    if (header.type === 'directory') {
      mkdirSync(path.join(into, header.name), { recursive: true });
      stream.resume();
      return next();
    }
    if (header.type !== 'file')
      return fail(`the bundle holds a ${header.type} (${header.name.slice(0, 80)}), not a file: nothing was changed`);
    const target = path.join(into, header.name);
    mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => {
      hash.update(chunk as Buffer);
      if (header.name === SUMS_FILE) chunks.push(chunk as Buffer);
    });
    pipeline(stream, createWriteStream(target)).then(
      () => {
        if (header.name === SUMS_FILE) sums = Buffer.concat(chunks).toString('utf8');
        else hashes.set(header.name, hash.digest('hex'));
        next();
      },
      (error: NodeJS.ErrnoException) =>
        extract.destroy(
          error.code === 'ENOSPC'
            ? new MirrorError(`no space left on the device while extracting ${header.name}: nothing was changed`)
            : error,
        ),
    );
  });
  try {
    await pipeline(createReadStream(bundle), createGunzip(), extract);
  } catch (error) {
    if (error instanceof MirrorError) throw error;
    throw new MirrorError(`the bundle cannot be read (${(error as Error).message}): nothing was changed`);
  }
  if (sums === null) throw new MirrorError(`the bundle has no ${SUMS_FILE}: nothing was changed`);
  const listed = parseSums(sums);
  for (const [name, expected] of listed) {
    const actual = hashes.get(name);
    if (actual === undefined)
      throw new MirrorError(`${name} is listed in ${SUMS_FILE} but not in the bundle: nothing was changed`);
    if (actual !== expected)
      throw new MirrorError(`${name} does not match its line in ${SUMS_FILE} (bad checksum): nothing was changed`);
  }
  for (const name of hashes.keys())
    if (!listed.has(name))
      throw new MirrorError(`${name} is in the bundle but not in ${SUMS_FILE}: nothing was changed`);
  return { files: hashes.size };
}
