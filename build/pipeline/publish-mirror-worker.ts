// The thread of a publishing build's last part when the build returns early (npm start serves meanwhile): it runs
// finishPublishing (publish-mirror.ts) and answers null when done, or the error it met.
import { parentPort, workerData } from 'node:worker_threads';
import { carryError } from './pass-threads.ts';
import { finishPublishing, type PublishTask } from './publish-mirror.ts';

try {
  await finishPublishing(workerData as PublishTask);
  parentPort!.postMessage(null);
} catch (error) {
  parentPort!.postMessage(carryError(error));
}
