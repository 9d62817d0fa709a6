// A thread's one answer: the first message a worker posts (of those a caller waits for), or its failure (the error it
// threw, or an exit before it answered). Every wait on a helper thread's answer in build/ goes through here.
import type { Worker } from 'node:worker_threads';

/**
 * Resolves with `worker`'s first message that `accepts` takes (by default its first message); rejects with its error,
 * or when it exits first (`thread` names it). Several answers of one thread are several calls, each with its `accepts`.
 */
export function threadAnswer<T>(
  worker: Worker,
  thread: string,
  accepts: (message: unknown) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const listen = (message: unknown) => {
      if (!accepts(message)) return;
      worker.off('message', listen);
      resolve(message as T);
    };
    worker.on('message', listen);
    worker.once('error', reject);
    // After the answer, the exit settles nothing.
    worker.once('exit', (code) => reject(new Error(`${thread} stopped (exit code ${code}) before it answered`)));
  });
}
