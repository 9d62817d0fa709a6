// The thread that prepares a build's release folder while the build loads its data: the previous release's files in
// the new folder (the release before it brought up by its recorded changes, applyChanges, or every file hard-linked,
// linkTree), answered "linked"; then what else is in .public-releases/ deleted while the build renders, "removed".
import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { applyChanges, linkTree } from './releases.ts';

export interface ReleaseTask {
  /** The release public/ links to now, or null before the first build. */
  previous: string | null;
  /** The new release folder: empty, or the release before `previous` when `changed` is given. */
  release: string;
  /** What `previous`'s build changed from the release now in `release`, or null: `release` is empty. */
  changed: string[] | null;
  /** The build's own top-level paths (layout's OWNED_PATHS): anything else in `previous` is taken as it is. */
  owned: readonly string[];
  /** Folders and files of .public-releases/ to delete (older releases, what killed builds left). */
  remove: string[];
}

const task = workerData as ReleaseTask;
if (task.previous && task.changed) applyChanges(task.previous, task.release, task.changed, task.owned);
else if (task.previous) linkTree(task.previous, task.release);
parentPort!.postMessage('linked');
for (const file of task.remove) rmSync(file, { recursive: true, force: true });
parentPort!.postMessage('removed');
