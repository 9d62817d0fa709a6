// The bundle's gzip: members of a fixed input size compressed concurrently give one file that zlib and the system's
// gzip both read back whole, and the same bytes however the input arrives, each member saying "Unix".
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipMembers } from '../../build/write/bundle.ts';

const MEMBER = 64 * 1024;
/** About 560 KB of text that compresses (JSON-like lines with counters), so members differ from one another. */
const input = Buffer.from(
  Array.from({ length: 14_000 }, (_, i) => `{"vehicle":"v-${i % 97}","kw":${(i * 7) % 350},"n":${i}}\n`).join(''),
);

/** The input cut into chunks of the given sizes in turn, through the gzip, as one buffer. */
function gzipped(chunkSizes: readonly number[], inFlight?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < input.length; i += 1) {
    const size = chunkSizes[i % chunkSizes.length]!;
    chunks.push(input.subarray(at, at + size));
    at += size;
  }
  return buffer(Readable.from(chunks).pipe(gzipMembers(MEMBER, inFlight)));
}

describe('gzipMembers', () => {
  it('gives a file zlib and the system gzip read back whole', async () => {
    const file = await gzipped([4096]);
    expect(gunzipSync(file).equals(input)).toBe(true);
    const system = execFileSync('gzip', ['-dc'], { input: file, maxBuffer: 1 << 24 });
    expect(system.equals(input)).toBe(true);
    expect(file.length).toBeLessThan(input.length / 4);
  });

  it('writes the same bytes however the input is cut and however many members are in flight', async () => {
    const digest = (file: Buffer) => createHash('sha256').update(file).digest('hex');
    const reference = digest(await gzipped([4096]));
    expect(digest(await gzipped([1, 700, 65_536, 300_000]))).toBe(reference);
    expect(digest(await gzipped([input.length]))).toBe(reference);
    expect(digest(await gzipped([10_000], 1))).toBe(reference);
  });

  it('is one gzip member per 64 KiB of input, in order, each naming Unix as its system', async () => {
    const members: Buffer[] = [];
    for (let at = 0; at < input.length; at += MEMBER) {
      const member = gzipSync(input.subarray(at, at + MEMBER), { level: 6 });
      member[9] = 3;
      members.push(member);
    }
    expect(members.length).toBeGreaterThan(5);
    expect((await gzipped([4096])).equals(Buffer.concat(members))).toBe(true);
  });
});
