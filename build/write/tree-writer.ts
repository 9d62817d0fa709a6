// Writes the rendered tree into public/ all-or-nothing: changed files go to a staging folder, and only commit() touches public/.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

export interface WriteStats {
  /** Files whose content is new or changed, written into public/. */
  written: number;
  /** Files already in public/ with the same bytes, left alone. */
  unchanged: number;
  /** Files the build owns that it no longer produces, removed. */
  deleted: number;
}

/**
 * Collects a build's files. Nothing in `publicDir` changes until commit(); abort() (or an error before commit)
 * leaves `publicDir` exactly as it was. `ownedPaths` (prefixes relative to publicDir, a trailing "/" for folders)
 * are what the build owns: where it compares, replaces and deletes.
 *
 * A first build (public/ holds none of the owned paths) writes every file once into the staging folder and moves
 * each owned top-level entry in with one rename, keeping no per-file state. A rebuild stages only the files whose
 * bytes differ, renames them in one by one, and deletes owned files it no longer produces.
 */
export class TreeWriter {
  readonly stagingDir: string;
  private readonly firstBuild: boolean;
  /** Rebuilds only: every path produced, to find stale files. */
  private readonly produced = new Set<string>();
  private readonly madeDirs = new Set<string>();
  private written = 0;
  private unchanged = 0;

  constructor(
    readonly publicDir: string,
    private readonly ownedPaths: readonly string[],
  ) {
    this.stagingDir = path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-staging`);
    rmSync(this.stagingDir, { recursive: true, force: true });
    this.firstBuild = !ownedPaths.some((owned) => existsSync(path.join(publicDir, owned)));
  }

  /** Stages `body` for `relativePath` unless public/ already holds exactly these bytes. */
  write(relativePath: string, body: string | Buffer): void {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (!this.firstBuild) {
      if (this.produced.has(relativePath)) throw new Error(`the build produced ${relativePath} twice`);
      this.produced.add(relativePath);
      if (sameBytes(path.join(this.publicDir, relativePath), bytes)) {
        this.unchanged += 1;
        return;
      }
    }
    const target = path.join(this.stagingDir, relativePath);
    const dir = path.dirname(target);
    if (!this.madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    // 'wx' refuses to overwrite, so a path produced twice fails even in a first build.
    writeFileSync(target, bytes, { flag: 'wx' });
    this.written += 1;
  }

  /** Moves the staged files into public/ and, on a rebuild, deletes owned files the build no longer produces. */
  async commit(): Promise<WriteStats> {
    mkdirSync(this.publicDir, { recursive: true });
    const stats = this.firstBuild ? this.moveOwnedEntries() : await this.replaceChangedFiles();
    rmSync(this.stagingDir, { recursive: true, force: true });
    return stats;
  }

  abort(): void {
    rmSync(this.stagingDir, { recursive: true, force: true });
  }

  private moveOwnedEntries(): WriteStats {
    for (const owned of this.ownedPaths) {
      const name = owned.replace(/\/$/, '');
      const from = path.join(this.stagingDir, name);
      if (existsSync(from)) renameSync(from, path.join(this.publicDir, name));
    }
    return { written: this.written, unchanged: 0, deleted: 0 };
  }

  private async replaceChangedFiles(): Promise<WriteStats> {
    const patterns = this.ownedPaths.map((p) => (p.endsWith('/') ? `${p}**` : p));
    const stale = (await fg(patterns, { cwd: this.publicDir, onlyFiles: true, dot: true })).filter((file) => !this.produced.has(file));
    for (const relativePath of await fg('**', { cwd: this.stagingDir, onlyFiles: true, dot: true })) {
      const target = path.join(this.publicDir, relativePath);
      mkdirSync(path.dirname(target), { recursive: true });
      if (existsSync(target)) rmSync(target, { recursive: true, force: true });
      renameSync(path.join(this.stagingDir, relativePath), target);
    }
    for (const relativePath of stale) rmSync(path.join(this.publicDir, relativePath), { force: true });
    removeEmptyDirs(this.publicDir, stale);
    return { written: this.written, unchanged: this.unchanged, deleted: stale.length };
  }
}

/** Whether `file` already holds exactly `bytes` (the size is compared first, so most changed files are not read). */
function sameBytes(file: string, bytes: Buffer): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size !== bytes.length) return false;
  return readFileSync(file).equals(bytes);
}

/** Removes folders left empty by deletions, walking up from each deleted file. */
function removeEmptyDirs(root: string, deleted: readonly string[]): void {
  const dirs = new Set(deleted.map((file) => path.dirname(file)).filter((dir) => dir !== '.'));
  const sorted = [...dirs].sort((a, b) => b.length - a.length);
  for (let dir of sorted) {
    while (dir !== '.' && dir !== '') {
      const full = path.join(root, dir);
      if (!existsSync(full) || readdirSync(full).length > 0) break;
      rmdirSync(full);
      dir = path.dirname(dir);
    }
  }
}
