// A thread's one answer: the first message a worker posts, or its failure (the error it threw, or an exit before it
// posted anything).
import type { Worker } from 'node:worker_threads';

/** Resolves with `worker`'s first message; rejects with its error, or when it exits first (`thread` names it). */
export function threadAnswer<T>(worker: Worker, thread: string): Promise<T> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    // After a message, the exit settles nothing.
    worker.once('exit', (code) => reject(new Error(`${thread} stopped (exit code ${code}) before it answered`)));
  });
}
