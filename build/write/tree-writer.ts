// Writes the rendered tree into public/ all-or-nothing: changed files go to a staging folder, and only commit() touches public/.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, readdirSync, rmdirSync } from 'node:fs';
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
 * leaves `publicDir` exactly as it was. `ownedPaths` (prefixes relative to publicDir) are where stale files are deleted.
 */
export class TreeWriter {
  readonly stagingDir: string;
  private readonly produced = new Set<string>();
  private readonly staged: string[] = [];
  private unchanged = 0;

  constructor(
    readonly publicDir: string,
    private readonly ownedPaths: readonly string[],
  ) {
    this.stagingDir = path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-staging`);
    rmSync(this.stagingDir, { recursive: true, force: true });
  }

  /** Stages `body` for `relativePath` unless public/ already holds exactly these bytes. */
  write(relativePath: string, body: string | Buffer): void {
    if (this.produced.has(relativePath)) throw new Error(`the build produced ${relativePath} twice`);
    this.produced.add(relativePath);
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (sameBytes(path.join(this.publicDir, relativePath), bytes)) {
      this.unchanged += 1;
      return;
    }
    const target = path.join(this.stagingDir, relativePath);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    this.staged.push(relativePath);
  }

  /** Moves staged files into public/ (one rename each) and deletes owned files the build no longer produces. */
  async commit(): Promise<WriteStats> {
    const stale = (await this.ownedFiles()).filter((file) => !this.produced.has(file));
    for (const relativePath of this.staged) {
      const target = path.join(this.publicDir, relativePath);
      mkdirSync(path.dirname(target), { recursive: true });
      if (existsSync(target)) rmSync(target, { recursive: true, force: true });
      renameSync(path.join(this.stagingDir, relativePath), target);
    }
    for (const relativePath of stale) rmSync(path.join(this.publicDir, relativePath), { force: true });
    removeEmptyDirs(this.publicDir, stale);
    rmSync(this.stagingDir, { recursive: true, force: true });
    return { written: this.staged.length, unchanged: this.unchanged, deleted: stale.length };
  }

  abort(): void {
    rmSync(this.stagingDir, { recursive: true, force: true });
  }

  private async ownedFiles(): Promise<string[]> {
    if (!existsSync(this.publicDir)) return [];
    const patterns = this.ownedPaths.map((p) => (p.endsWith('/') ? `${p}**` : p));
    return fg(patterns, { cwd: this.publicDir, onlyFiles: true, dot: true });
  }
}

function sameBytes(file: string, bytes: Buffer): boolean {
  try {
    return readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
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
