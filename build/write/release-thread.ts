// The thread that prepares a build's release folder while the build loads its data: hard links of the previous
// release's files into the new folder (linkTree), answered "linked"; then the older folders of .public-releases/
// deleted while the build renders, answered "removed".
import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { linkTree } from './releases.ts';

export interface ReleaseTask {
  /** The release public/ links to now, or null before the first build. */
  previous: string | null;
  /** The new, empty release folder. */
  release: string;
  /** Folders and files of .public-releases/ to delete (older releases, what killed builds left). */
  remove: string[];
}

const task = workerData as ReleaseTask;
if (task.previous) linkTree(task.previous, task.release);
parentPort!.postMessage('linked');
for (const file of task.remove) rmSync(file, { recursive: true, force: true });
parentPort!.postMessage('removed');
