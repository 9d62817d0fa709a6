// The write thread: every file written byte for byte whichever thread wrote it, and the first failure reported by
// finish() whether the worker or the build's own thread met it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WriteThread } from '../../build/write/write-thread.ts';

/** Files of about 1 KB in 40 folders (some bodies not ASCII, some Buffers): enough batches to keep the worker busy. */
function files(root: string, count: number): [string, string | Buffer][] {
  return Array.from({ length: count }, (_, i) => {
    const body = `{"n":${i},"s":"Eşarj ${'é'.repeat(i % 9)}","pad":"${'x'.repeat(1000)}"}\n`;
    return [path.join(root, `f${i % 40}`, `n${i}.json`), i % 7 === 0 ? Buffer.from(body) : body];
  });
}

const sha = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

describe('WriteThread', () => {
  it('writes every file byte for byte, also the batches it writes on the calling thread while the worker is behind', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'write-thread-'));
    const all = files(root, 3000);
    // Any byte in flight counts as behind: after the first batch, the calling thread writes whenever the worker is busy.
    const thread = new WriteThread({ maxPending: 1 });
    for (const [file, body] of all) thread.write(file, body);
    await thread.finish();
    expect(thread.batchesWrittenHere).toBeGreaterThan(0);
    for (const [file, body] of all) expect(sha(readFileSync(file)), file).toBe(sha(body));
  });

  it('a path written twice fails finish() with the path named, when the calling thread meets it', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'write-thread-'));
    // Every batch on the calling thread: the worker never gets one.
    const thread = new WriteThread({ maxPending: 0 });
    for (const [file, body] of files(root, 200)) thread.write(file, body);
    thread.write(path.join(root, 'f1', 'n1.json'), 'again');
    await expect(thread.finish()).rejects.toThrow(/EEXIST.*f1\/n1\.json/);
    expect(readFileSync(path.join(root, 'f1', 'n1.json'), 'utf8')).toContain('"n":1,');
  });

  it('a path written twice fails finish() with the path named, when the worker meets it', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'write-thread-'));
    // Nothing on the calling thread: every batch goes to the worker.
    const thread = new WriteThread({ maxPending: Number.MAX_SAFE_INTEGER });
    for (const [file, body] of files(root, 200)) thread.write(file, body);
    thread.write(path.join(root, 'f1', 'n1.json'), 'again');
    await expect(thread.finish()).rejects.toThrow(/EEXIST.*f1\/n1\.json/);
    expect(thread.batchesWrittenHere).toBe(0);
  });
});
