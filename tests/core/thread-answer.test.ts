// threadAnswer: a worker's first message, or its failure: the error it threw, or an exit before it posted anything.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadAnswer } from '../../build/core/thread-answer.ts';

const thread = (code: string) => new Worker(code, { eval: true });

describe('threadAnswer', () => {
  it("resolves with the thread's first message, and its exit afterwards changes nothing", async () => {
    const worker = thread("const { parentPort } = require('node:worker_threads'); parentPort.postMessage(42);");
    await expect(threadAnswer(worker, 'the test thread')).resolves.toBe(42);
  });

  it('rejects with the error the thread threw, its message kept', async () => {
    const worker = thread("throw new Error('the disk is full');");
    await expect(threadAnswer(worker, 'the test thread')).rejects.toThrow('the disk is full');
  });

  it('rejects, naming the thread and its exit code, when it exits before it answered', async () => {
    const worker = thread('process.exit(3);');
    await expect(threadAnswer(worker, 'the test thread')).rejects.toThrow(
      'the test thread stopped (exit code 3) before it answered',
    );
  });
});

describe('threadAnswer with the messages it waits for', () => {
  it('passes over the messages it does not accept, and one thread can give several answers', async () => {
    const worker = thread(
      "const { parentPort } = require('node:worker_threads'); for (const m of ['noise', 'linked', 'removed']) parentPort.postMessage(m);",
    );
    const linked = threadAnswer(worker, 'the test thread', (message) => message === 'linked');
    const removed = threadAnswer(worker, 'the test thread', (message) => message === 'removed');
    await expect(Promise.all([linked, removed])).resolves.toEqual(['linked', 'removed']);
  });

  it('rejects when the thread exits before the message it waits for', async () => {
    const worker = thread("require('node:worker_threads').parentPort.postMessage('linked');");
    await expect(threadAnswer(worker, 'the test thread', (message) => message === 'removed')).rejects.toThrow(
      'the test thread stopped (exit code 0) before it answered',
    );
  });
});
