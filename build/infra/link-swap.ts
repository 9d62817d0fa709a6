// Switching a served folder atomically: the folder is a link to one folder of its versions' folder, replaced by a fresh
// link with one rename(), so a reader sees the old or the new version, never a mix (the build's releases, mirrors).
import { rmSync, symlinkSync, renameSync } from 'node:fs';
import path from 'node:path';

/**
 * Points `folder` at `version` (a folder of `versions`, a sibling of `folder`) through a relative link renamed over it.
 * `beforeRename` runs once the new link exists and may throw to keep the old one (the new link is then removed).
 */
export function swapLink(folder: string, versions: string, version: string, beforeRename = () => {}): void {
  const link = path.join(versions, `.link-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(path.join(path.basename(versions), path.basename(version)), link);
  try {
    beforeRename();
  } catch (error) {
    rmSync(link, { force: true });
    throw error;
  }
  renameSync(link, folder);
}
