// Writes a rendered tree into a release folder (build/write/releases.ts: a copy of the served one, by hard links):
// nothing in it changes before commit(); commit() moves the staged files in and deletes what the build no longer
// produces, rolled forward from a journal if it is ever interrupted. A second
// thread of the build joins the writer (share() → join()) and writes into the same staging folder; its report is
// absorbed before the commit.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../infra/files-under.ts';
import { ReadBuffer } from '../infra/read-buffer.ts';
import { faultPoint } from './fault-points.ts';

/** A file's content: text, bytes, or bytes in parts (a list assembled from edge bodies, written with one writev). */
export type FileBody = string | Buffer | readonly Buffer[];

export interface WriteStats {
  /** Files whose content is new or changed, written into public/. */
  written: number;
  /** Files already in public/ with the same bytes, left alone. */
  unchanged: number;
  /** Files the build no longer produces, removed. */
  deleted: number;
}

/**
 * full: the build produces every owned file; files under the owned paths that it did not produce are deleted.
 * incremental: the build writes only what may have changed and names what to delete with remove().
 */
export type WriteMode = 'full' | 'incremental';

/** Marks a staging folder whose commit began: a later writer finishes it instead of discarding it. */
const JOURNAL = '.commit-journal.json';

/** What another thread needs to write into the same staging folder: TreeWriter.join(share). */
export interface WriterShare {
  publicDir: string;
  ownedPaths: readonly string[];
  mode: WriteMode;
  firstBuild: boolean;
}

/** What a joined writer wrote, for the writer it joined: absorb(report). */
export interface WriterReport {
  written: number;
  unchanged: number;
  /** Full rebuilds only: the paths it produced. */
  produced: string[];
}

/**
 * Collects a build's files. A failed or aborted build leaves public/ exactly as it was. A commit replaces each
 * changed file with one rename (a reader sees the old or the new file, never a partial one); if the process dies
 * during a commit, the next TreeWriter on the same folder completes it from the journal before anything else.
 */
export class TreeWriter {
  readonly stagingDir: string;
  private readonly firstBuild: boolean;
  /** Full rebuilds only: every path produced, to find stale files. */
  private readonly produced = new Set<string>();
  private readonly removals = new Set<string>();
  /** Full builds only: owned paths written by another step, never stale (prefixes). */
  private readonly kept: string[] = [];
  private readonly madeDirs = new Set<string>();
  private written = 0;
  private unchanged = 0;
  /** After commit(): the paths it wrote or deleted (a deleted folder ends with "/"); null for a first build. */
  private changes: string[] | null = null;

  readonly publicDir: string;
  private readonly ownedPaths: readonly string[];
  private readonly mode: WriteMode;

  /** `joining`: the writer of another thread, whose staging folder this one writes into (see join()). */
  constructor(publicDir: string, ownedPaths: readonly string[], mode: WriteMode = 'full', joining?: WriterShare) {
    this.publicDir = publicDir;
    this.ownedPaths = ownedPaths;
    this.mode = mode;
    this.stagingDir = path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-staging`);
    if (joining) {
      this.firstBuild = joining.firstBuild;
      return;
    }
    if (existsSync(path.join(this.stagingDir, JOURNAL))) this.finishCommit();
    rmSync(this.stagingDir, { recursive: true, force: true });
    this.firstBuild = mode === 'full' && !ownedPaths.some((owned) => existsSync(path.join(publicDir, owned)));
  }

  share(): WriterShare {
    return { publicDir: this.publicDir, ownedPaths: this.ownedPaths, mode: this.mode, firstBuild: this.firstBuild };
  }

  /** A writer for another thread, into the staging folder of the writer that shared `share`; it never commits. */
  static join(share: WriterShare): TreeWriter {
    return new TreeWriter(share.publicDir, share.ownedPaths, share.mode, share);
  }

  /** A joined writer's figures, for absorb(). */
  report(): WriterReport {
    return { written: this.written, unchanged: this.unchanged, produced: [...this.produced] };
  }

  /** Takes in what a joined writer wrote, before commit(); a path both produced fails as a path produced twice does. */
  absorb(report: WriterReport): void {
    this.written += report.written;
    this.unchanged += report.unchanged;
    for (const relativePath of report.produced) this.produce(relativePath);
  }

  /**
   * Stages `body` for `relativePath` unless public/ already holds exactly these bytes; returns whether it was staged.
   * `current`, when the caller has just read the file from public/, saves reading it again.
   */
  write(relativePath: string, body: FileBody, current?: Buffer): boolean {
    let content = body;
    if (!this.firstBuild) {
      if (this.mode === 'full') this.produce(relativePath);
      // Compared part by part in place: a list of thousands of entries is never joined into one buffer to be compared.
      const parts = typeof body === 'string' ? [Buffer.from(body, 'utf8')] : Buffer.isBuffer(body) ? [body] : body;
      const size = parts.reduce((n, part) => n + part.length, 0);
      if (
        current ? holdsParts(current, parts, size) : sameBytes(path.join(this.publicDir, relativePath), parts, size)
      ) {
        this.unchanged += 1;
        return false;
      }
      content = parts.length === 1 ? parts[0]! : parts; // encoded once: written as compared
    }
    // Layout paths are normalised already: a plain join (path.join's normalising was a visible cost per file).
    const target = `${this.stagingDir}${path.sep}${relativePath}`;
    const dir = path.dirname(target);
    if (!this.madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    // 'wx' refuses to overwrite, so a path produced twice fails even where nothing else tracks paths (a first build).
    writeNewFile(target, content);
    faultPoint('write');
    this.written += 1;
    return true;
  }

  private produce(relativePath: string): void {
    if (this.produced.has(relativePath)) throw new Error(`the build produced ${relativePath} twice`);
    this.produced.add(relativePath);
  }

  /** Incremental builds: deletes a file, or a folder when the path ends with "/", at commit. */
  remove(relativePath: string): void {
    if (this.mode !== 'incremental')
      throw new Error('remove() is for incremental builds; a full build deletes what it did not produce');
    this.removals.add(relativePath);
  }

  /** Full builds: files under `prefix` are written by another step after the commit and are not stale. */
  keep(prefix: string): void {
    this.kept.push(prefix);
  }

  async commit(): Promise<WriteStats> {
    const deletions = this.mode === 'full' ? (this.firstBuild ? [] : this.staleFiles()) : [...this.removals].sort();
    mkdirSync(this.stagingDir, { recursive: true });
    // A first build has no release before it to bring up to date: its files are not listed (every one is new).
    this.changes = this.firstBuild ? null : [...filesUnder(this.stagingDir), ...deletions];
    writeFileSync(path.join(this.stagingDir, `${JOURNAL}.tmp`), JSON.stringify({ deletions }));
    renameSync(path.join(this.stagingDir, `${JOURNAL}.tmp`), path.join(this.stagingDir, JOURNAL));
    const deleted = this.finishCommit();
    return { written: this.written, unchanged: this.unchanged, deleted };
  }

  /**
   * The paths the commit wrote or deleted (a deleted folder ends with "/"): what this release changed; null after a
   * first build, whose every file is new (not listed: nothing to bring up to date from).
   */
  changedPaths(): readonly string[] | null {
    return this.changes;
  }

  abort(): void {
    rmSync(this.stagingDir, { recursive: true, force: true });
  }

  /** Moves every staged file into public/, then deletes the journal's deletions, then the staging folder. */
  private finishCommit(): number {
    const { deletions } = JSON.parse(readFileSync(path.join(this.stagingDir, JOURNAL), 'utf8')) as {
      deletions: string[];
    };
    mkdirSync(this.publicDir, { recursive: true });
    for (const entry of readdirSync(this.stagingDir)) {
      if (entry === JOURNAL) continue;
      // A top-level entry public/ does not have yet moves with one rename (a first build); others file by file.
      if (!existsSync(path.join(this.publicDir, entry)))
        renameSync(path.join(this.stagingDir, entry), path.join(this.publicDir, entry));
      else this.moveFiles(entry);
    }
    let deleted = 0;
    for (const relativePath of deletions) {
      const full = path.join(this.publicDir, relativePath);
      if (!existsSync(full)) continue;
      deleted += relativePath.endsWith('/') ? filesUnder(full).length : 1;
      rmSync(full, { recursive: true, force: true });
    }
    removeEmptyDirs(this.publicDir, deletions);
    rmSync(this.stagingDir, { recursive: true, force: true });
    return deleted;
  }

  private moveFiles(entry: string): void {
    const from = path.join(this.stagingDir, entry);
    if (!statSync(from).isDirectory()) {
      renameSync(from, path.join(this.publicDir, entry));
      return;
    }
    for (const relativePath of filesUnder(from)) {
      const target = path.join(this.publicDir, entry, relativePath);
      mkdirSync(path.dirname(target), { recursive: true });
      if (existsSync(target) && statSync(target).isDirectory()) rmSync(target, { recursive: true, force: true });
      renameSync(path.join(from, relativePath), target);
      faultPoint('move');
    }
  }

  /** Full rebuilds: the owned files public/ holds that this build did not produce (nor another step keeps). */
  private staleFiles(): string[] {
    const kept = (file: string) => this.kept.some((prefix) => file.startsWith(prefix));
    const owned = this.ownedPaths.flatMap((owned) =>
      owned.endsWith('/')
        ? filesUnder(path.join(this.publicDir, owned)).map((file) => `${owned}${file}`)
        : statSync(path.join(this.publicDir, owned), { throwIfNoEntry: false })?.isFile()
          ? [owned]
          : [],
    );
    return owned.filter((file) => !this.produced.has(file) && !kept(file)).sort();
  }
}

/** Creates `file` with `body` ('wx': never over an existing file); parts go in one writev, without joining them first. */
function writeNewFile(file: string, body: FileBody): void {
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    writeFileSync(file, body, { flag: 'wx' });
    return;
  }
  const fd = openSync(file, 'wx');
  try {
    const size = body.reduce((n, part) => n + part.length, 0);
    const written = writevSync(fd, body);
    // writev may write less than asked: writeFileSync writes the rest, however many calls that takes.
    if (written < size) writeFileSync(fd, Buffer.concat(body).subarray(written));
  } finally {
    closeSync(fd);
  }
}

/** Files compared before a write, read one after the other into one buffer. */
const compared = new ReadBuffer();

/** Whether `file` already holds exactly `parts` of `size` bytes (the size is compared first: most changed files are not read). */
function sameBytes(file: string, parts: readonly Buffer[], size: number): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size !== size) return false;
  return holdsParts(compared.read(file, stat.size), parts, size);
}

/** Whether `bytes` is exactly `parts` one after the other (`size` their total length), compared in place. */
export function holdsParts(bytes: Buffer, parts: readonly Buffer[], size: number): boolean {
  if (bytes.length !== size) return false;
  let at = 0;
  for (const part of parts) {
    if (part.compare(bytes, at, at + part.length) !== 0) return false;
    at += part.length;
  }
  return true;
}

/** Removes folders left empty by deletions, walking up from each deleted path. */
export function removeEmptyDirs(root: string, deleted: readonly string[]): void {
  const dirs = new Set(deleted.map((file) => path.dirname(file.replace(/\/$/, ''))).filter((dir) => dir !== '.'));
  for (let dir of [...dirs].sort((a, b) => b.length - a.length)) {
    while (dir !== '.' && dir !== '') {
      const full = path.join(root, dir);
      if (!existsSync(full) || readdirSync(full).length > 0) break;
      rmSync(full, { recursive: true });
      dir = path.dirname(dir);
    }
  }
}
