// The files of a published folder for the local server: an index of their paths (no stat per request), their bytes and
// ETags from a byte-bounded memory cache, both renewed when the build (or a mirror) commits a new tree. A folder that is
// a link (the build's public/, a mirror) is resolved once per index, so one index reads one release whatever swaps.
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
  type ReadStream,
} from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../infra/files-under.ts';
import { layout } from '../render/layout.ts';
import { BoundedCache } from './bounded-cache.ts';

export interface ServedFile {
  relative: string;
  size: number;
  etag: string;
  /** The bytes, for files small enough to keep in memory; null for a large file, which is streamed. */
  body: Buffer | null;
}

export interface SiteFilesOptions {
  /** Memory for cached file bodies (default 64 MiB); a file above a sixteenth of it is streamed from disk. */
  cacheBytes?: number;
  /** How often, at most, the tree token is looked at (default 500 ms). */
  checkIntervalMs?: number;
  /** A folder to serve instead of publicDir until unpin() (npm start: the new release before public/ links to it). */
  pinned?: string;
}

const etagOf = (hash: string) => `"${hash.slice(0, 20)}"`;

export class SiteFiles {
  private paths = new Set<string>();
  private readonly bodies: BoundedCache<ServedFile>;
  private readonly largeEtags = new Map<string, string>();
  private readonly largeFileBytes: number;
  private tokenStamp = '';
  private checkedAt = 0;
  /** The folder the index was read from: publicDir's target when it is a link. */
  private root: string;
  private pinned: string | null;

  readonly publicDir: string;
  private readonly options: SiteFilesOptions;

  constructor(publicDir: string, options: SiteFilesOptions = {}) {
    this.publicDir = publicDir;
    this.options = options;
    this.pinned = options.pinned ?? null;
    this.root = this.resolveRoot();
    const cacheBytes = options.cacheBytes ?? 64 * 1024 * 1024;
    this.largeFileBytes = Math.floor(cacheBytes / 16);
    this.bodies = new BoundedCache<ServedFile>(cacheBytes, (key, file) => 2 * key.length + file.size + 200);
    this.reload();
  }

  /** Number of files in the index. */
  get count(): number {
    return this.paths.size;
  }

  /** Re-reads the tree when its token changed since the last look (at most once per check interval). */
  refresh(nowMs = Date.now()): void {
    if (nowMs - this.checkedAt < (this.options.checkIntervalMs ?? 500)) return;
    this.checkedAt = nowMs;
    if (this.readTokenStamp(this.resolveRoot()) !== this.tokenStamp) this.reload();
  }

  /** Serves publicDir again (the pinned folder is what it links to now, or the build failed); re-read it with reload(). */
  unpin(): void {
    this.pinned = null;
  }

  /** The file that already-decoded path segments name: the file itself, or index.html of a folder. */
  fileAt(segments: readonly string[]): string | null {
    const relative = segments.join('/');
    if (this.paths.has(relative)) return relative;
    const index = relative === '' ? 'index.html' : `${relative}/index.html`;
    return this.paths.has(index) ? index : null;
  }

  /** The file's bytes (or, when large, its size and ETag for streaming); null when it vanished since the index. */
  read(relative: string): ServedFile | null {
    const cached = this.bodies.get(relative);
    if (cached) return cached;
    if (!this.paths.has(relative)) return null;
    const full = path.join(this.root, relative);
    let fd: number;
    try {
      fd = openSync(full, 'r');
    } catch {
      return null;
    }
    try {
      const { size } = fstatSync(fd);
      if (size > this.largeFileBytes) return { relative, size, etag: this.largeEtag(relative, fd), body: null };
      const body = readFileSync(fd);
      const file = { relative, size: body.length, etag: etagOf(createHash('sha1').update(body).digest('hex')), body };
      this.bodies.set(relative, file);
      return file;
    } finally {
      closeSync(fd);
    }
  }

  stream(file: ServedFile): ReadStream {
    return createReadStream(path.join(this.root, file.relative));
  }

  private largeEtag(relative: string, fd: number): string {
    let etag = this.largeEtags.get(relative);
    if (etag === undefined) {
      const hash = createHash('sha1');
      const buffer = Buffer.alloc(1 << 20);
      for (
        let read = readSync(fd, buffer, 0, buffer.length, null);
        read > 0;
        read = readSync(fd, buffer, 0, buffer.length, null)
      )
        hash.update(buffer.subarray(0, read));
      etag = etagOf(hash.digest('hex'));
      this.largeEtags.set(relative, etag);
    }
    return etag;
  }

  /** The folder to read: the pinned one, else where publicDir leads now (itself when it is no link; kept while missing). */
  private resolveRoot(): string {
    if (this.pinned) return this.pinned;
    try {
      return realpathSync(this.publicDir);
    } catch {
      return this.root ?? this.publicDir;
    }
  }

  private readTokenStamp(root: string): string {
    const stat = statSync(path.join(root, layout.treeToken()), { throwIfNoEntry: false });
    return `${root}:${stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : 'none'}`;
  }

  /** Re-reads the tree now, whatever its token says (also for a tree completed in this process). */
  reload(): void {
    this.root = this.resolveRoot();
    this.tokenStamp = this.readTokenStamp(this.root);
    this.paths = new Set(filesUnder(this.root));
    this.bodies.clear();
    this.largeEtags.clear();
  }
}
