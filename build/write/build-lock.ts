// One build at a time per served folder: .public-lock beside public/ names the pid of the build that writes it; a second
// build is refused in one line, and a lock whose process is no longer alive (a killed build) is taken over.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file beside the served folder: `.public-lock` for `public`. */
export const lockFile = (publicDir: string) => path.join(path.dirname(publicDir), `.${path.basename(publicDir)}-lock`);

/** Another build holds the lock: its message is the one line the user reads. */
export class BuildLocked extends Error {
  readonly pid: number;

  constructor(publicDir: string, pid: number) {
    const lock = path.basename(lockFile(publicDir));
    super(
      `another build (pid ${pid}) is writing ${path.basename(publicDir)}/; wait for it or remove ${lock} if it is not running`,
    );
    this.name = 'BuildLocked';
    this.pid = pid;
  }
}

/** The pid a lock file names, or null when it names none (being written, or damaged). */
function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether a process with this pid is alive (EPERM: it is, but another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `publicDir` for this process; returns the function that gives it back. Throws BuildLocked when a
 * live process holds it. A stale lock is moved aside with one rename (of two builds taking it over, one wins the
 * rename) and checked again: what was moved is put back if it turns out to be a live build's.
 */
export function acquireBuildLock(publicDir: string): () => void {
  const file = lockFile(publicDir);
  // Written aside, then linked in: the lock never exists without its pid (link() fails when the lock exists).
  const written = `${file}.new-${process.pid}`;
  writeFileSync(written, `${process.pid}\n`);
  try {
    return takeLock(publicDir, file, written);
  } finally {
    rmSync(written, { force: true });
  }
}

function takeLock(publicDir: string, file: string, written: string): () => void {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      linkSync(written, file);
      return () => {
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== null && alive(holder)) throw new BuildLocked(publicDir, holder);
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = holderOf(aside);
    if (moved !== null && moved !== holder && alive(moved)) {
      try {
        linkSync(aside, file);
      } catch {
        // someone else holds it now: they are refused or refuse us on their own
      }
      rmSync(aside, { force: true });
      throw new BuildLocked(publicDir, moved);
    }
    rmSync(aside, { force: true });
  }
  throw new BuildLocked(publicDir, holderOf(file) ?? 0);
}
