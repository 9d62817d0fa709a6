// npm run mirror against a local server over the released mini fixture: the first copy, the one-request check, repairs,
// refusals (bad checksum, a full disk, an unreachable base), the limit honoured, interrupted downloads resumed.
import { createServer, type Server } from 'node:http';
import {
  createWriteStream,
  existsSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorInfo } from '../../build/api/schemas.ts';
import { progressReporter } from '../../build/cli/mirror.ts';
import type { Progress } from '../../build/mirror/download.ts';
import { syncMirror, type MirrorOptions } from '../../build/mirror/sync-mirror.ts';
import { checkFolder, isClean } from '../../build/mirror/verify.ts';
import { startServer, type RunningServer } from '../../build/serve/server.ts';
import { runCli } from '../helpers/cli.ts';
import { copyBuiltFixture, NETLIFY_TOML, treeDigest, MINI_VERSION } from '../helpers/fixture.ts';

const quiet: Progress = { update: () => {}, done: () => {} };
const isOwn = (name: string) => name === 'public/api/v1/mirror.json' || name.startsWith('public/api/v1/mirror/');

let project: string;
let server: RunningServer;
beforeAll(async () => {
  project = await copyBuiltFixture();
  server = await startServer({
    publicDir: path.join(project, 'public'),
    netlifyToml: NETLIFY_TOML,
    log: () => {},
    noRateLimit: true,
  });
});
afterAll(async () => {
  await server?.close();
});

const newFolder = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-mirror-')), 'mirror');
const sync = (folder: string, extra: Partial<MirrorOptions> = {}) =>
  syncMirror({ base: server.url, folder, progress: quiet, ...extra });
const manifest = () => JSON.parse(readFileSync(path.join(project, 'public/api/v1/mirror.json'), 'utf8')) as MirrorInfo;

describe('a new mirror', () => {
  it('takes two requests (the manifest, the bundle), verifies every file, and holds the tree, the rules and both licences', async () => {
    const folder = newFolder();
    const result = await sync(folder);
    expect(result).toMatchObject({
      outcome: 'updated',
      datasetVersion: MINI_VERSION,
      requests: 2,
      files: manifest().files,
    });
    expect(lstatSync(folder).isSymbolicLink()).toBe(true);
    expect(isClean(await checkFolder(folder, isOwn))).toBe(true);
    for (const file of ['netlify.toml', 'LICENSE', 'data/LICENSE', 'SHA256SUMS'])
      expect(existsSync(path.join(folder, file)), file).toBe(true);
    // The mirror's tree is the original's, byte for byte, manifest and bundle included.
    expect(treeDigest(path.join(folder, 'public'))).toEqual(treeDigest(path.join(project, 'public')));
    // Nothing but the link and its versions folder (one version, the marker) next to it.
    expect(readdirSync(path.dirname(folder)).sort()).toEqual(['mirror', 'mirror.versions']);
    expect(readdirSync(`${folder}.versions`).sort()).toEqual(['.open-ev-mirror', path.basename(readlinkSync(folder))]);
  });
});

describe('an existing mirror', () => {
  let folder: string;
  beforeAll(async () => {
    folder = newFolder();
    await sync(folder);
  });

  it('makes exactly one request when it is current', async () => {
    const target = readlinkSync(folder);
    expect(await sync(folder)).toMatchObject({ outcome: 'current', requests: 1 });
    expect(readlinkSync(folder)).toBe(target);
  });

  it.each([
    [
      'an altered file',
      (f: string) => writeFileSync(path.join(f, 'public/api/v1/_data/index.json'), '{"tampered":true}\n'),
    ],
    ['a deleted file', (f: string) => unlinkSync(path.join(f, 'public/api/v1/_data/vehicles/volt-a-400-2024.json'))],
    [
      'an altered SHA256SUMS line',
      (f: string) =>
        writeFileSync(
          path.join(f, 'SHA256SUMS'),
          readFileSync(path.join(f, 'SHA256SUMS'), 'utf8').replace(/^[0-9a-f]{8}/m, '00000000'),
        ),
    ],
    ['a file added', (f: string) => writeFileSync(path.join(f, 'public/api/v1/_data/extra.json'), '{}\n')],
  ])('detects %s and repairs it from its own bundle, still in one request', async (_what, tamper) => {
    tamper(folder);
    expect(isClean(await checkFolder(folder, isOwn))).toBe(false);
    expect(await sync(folder)).toMatchObject({ outcome: 'repaired', requests: 1 });
    expect(isClean(await checkFolder(folder, isOwn))).toBe(true);
    expect(treeDigest(path.join(folder, 'public'))).toEqual(treeDigest(path.join(project, 'public')));
  });

  it('re-downloads when its own bundle is damaged too', async () => {
    writeFileSync(path.join(folder, 'public/api/v1/_data/index.json'), 'x');
    writeFileSync(path.join(folder, `public/api/v1/mirror/${MINI_VERSION}.tar.gz`), 'x');
    expect(await sync(folder)).toMatchObject({ outcome: 'updated', requests: 2 });
    expect(isClean(await checkFolder(folder, isOwn))).toBe(true);
  });
});

describe('refusals', () => {
  it("a bundle whose SHA-256 is not the manifest's: bad checksum, nothing swapped", async () => {
    const other = await copyBuiltFixture();
    const bundle = path.join(other, `public/api/v1/mirror/${MINI_VERSION}.tar.gz`);
    const bytes = readFileSync(bundle);
    bytes[bytes.length - 10]! ^= 0xff;
    writeFileSync(bundle, bytes);
    const tampered = await startServer({
      publicDir: path.join(other, 'public'),
      netlifyToml: NETLIFY_TOML,
      log: () => {},
      noRateLimit: true,
    });
    const folder = newFolder();
    await sync(folder);
    const before = treeDigest(folder);
    try {
      rmSync(path.join(folder, 'public/api/v1/mirror.json'));
      await expect(syncMirror({ base: tampered.url, folder, progress: quiet })).rejects.toThrow(
        /bad checksum\): nothing was changed$/,
      );
      expect(treeDigest(folder)).toEqual(
        Object.fromEntries(Object.entries(before).filter(([name]) => name !== 'public/api/v1/mirror.json')),
      );
    } finally {
      await tampered.close();
    }
  });

  it('an unreachable base: one line, nothing created', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const folder = newFolder();
    const result = await runCli('mirror', [`http://127.0.0.1:${port}`, folder]);
    expect(result).toMatchObject({
      status: 1,
      stderr: `mirror: cannot reach http://127.0.0.1:${port}: connection refused\n`,
    });
    expect(existsSync(folder)).toBe(false);
  });

  it('a full disk: one line, nothing swapped, and the next run resumes', async () => {
    const folder = newFolder();
    let written = 0;
    const fullDisk = (file: string, append: boolean): WriteStream => {
      // Opened at once, as the mirror opens its own files, and closed with the stand-in: a file still opening after the
      // failed run has removed its folder would fail later, outside the test.
      const real = createWriteStream(file, { fd: openSync(file, append ? 'a' : 'w') });
      const failing = new Writable({
        write(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          if (written > 1000)
            return done(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
          real.write(chunk, done);
        },
        final(done) {
          real.end(done);
        },
        destroy(error, done) {
          real.destroy();
          done(error);
        },
      });
      return failing as unknown as WriteStream;
    };
    await expect(sync(folder, { openWrite: fullDisk })).rejects.toThrow(
      /^no space left on the device while writing .*: nothing was changed/,
    );
    expect(existsSync(folder)).toBe(false);
    expect(await sync(folder)).toMatchObject({ outcome: 'updated' });
  });
});

describe('the limit and interrupted downloads', () => {
  /** A stand-in server: the manifest and bundle of the fixture's build, with a 429 first, and a connection cut midway. */
  function standIn(behaviour: { rateLimitFirst?: boolean; cutAfter?: number; honourRange?: boolean }) {
    const info = readFileSync(path.join(project, 'public/api/v1/mirror.json'));
    const bundle = readFileSync(path.join(project, `public/api/v1/mirror/${MINI_VERSION}.tar.gz`));
    const seen: { url: string; range: string | null; status: number }[] = [];
    let limited = behaviour.rateLimitFirst ?? false;
    let cut = behaviour.cutAfter;
    const http: Server = createServer((req, res) => {
      const range = req.headers.range ?? null;
      const answer = (status: number, headers: Record<string, string>, body: Buffer) => {
        seen.push({ url: req.url ?? '', range, status });
        res.writeHead(status, { ...headers, 'Content-Length': String(body.length) });
        // Only the bundle's download is cut (the manifest, which lists every export, may be longer than the cut).
        if (cut !== undefined && body.length > cut && (req.url ?? '').endsWith('.tar.gz')) {
          res.write(body.subarray(0, cut));
          cut = undefined;
          // A FIN after the bytes, not a reset: the client receives what was sent before the connection ends short of
          // Content-Length (a reset could discard bytes still unread in the client's buffer).
          return void setTimeout(() => res.socket?.end(), 20);
        }
        res.end(body);
      };
      if (limited) {
        limited = false;
        return answer(429, { 'Retry-After': '1' }, Buffer.from('{"error":"rate_limit_exceeded"}\n'));
      }
      if (req.url === '/api/v1/mirror.json') return answer(200, { 'Content-Type': 'application/json' }, info);
      const from = behaviour.honourRange && range ? Number(/^bytes=(\d+)-$/.exec(range)?.[1]) : 0;
      if (from > 0)
        return answer(
          206,
          { 'Content-Range': `bytes ${from}-${bundle.length - 1}/${bundle.length}` },
          bundle.subarray(from),
        );
      return answer(200, { 'Content-Type': 'application/gzip' }, bundle);
    });
    return { http, seen, bundleBytes: bundle.length };
  }
  const listen = (http: Server) =>
    new Promise<string>((resolve) =>
      http.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(http.address() as { port: number }).port}`)),
    );

  it('waits as Retry-After asks on a 429, then goes on', async () => {
    const { http, seen } = standIn({ rateLimitFirst: true });
    const base = await listen(http);
    const said: string[] = [];
    const waits: { seconds: number; requestsSoFar: number }[] = [];
    const wait = async (seconds: number) => void waits.push({ seconds, requestsSoFar: seen.length });
    try {
      expect(
        await syncMirror({ base, folder: newFolder(), progress: quiet, say: (line) => said.push(line), wait }),
      ).toMatchObject({ outcome: 'updated', requests: 3 });
      // One wait, of the 1 s the 429 asked for, between the 429 and the request that repeats it.
      expect(waits).toEqual([{ seconds: 1, requestsSoFar: 1 }]);
      expect(seen.map((s) => s.status)).toEqual([429, 200, 200]);
      expect(said).toEqual([`rate limited by ${base}: waiting 1 s as Retry-After asks`]);
    } finally {
      http.close();
    }
  });

  it('resumes an interrupted download with a Range request', async () => {
    const { http, seen, bundleBytes } = standIn({ cutAfter: 1500, honourRange: true });
    const base = await listen(http);
    const folder = newFolder();
    try {
      await expect(syncMirror({ base, folder, progress: quiet })).rejects.toThrow(
        /^the download was interrupted after .*: run the command again to resume$/,
      );
      const downloads = `${folder}.versions/.download`;
      const partial = readdirSync(downloads).map((name) => statSync(path.join(downloads, name)).size);
      expect(partial).toEqual([1500]);
      expect(existsSync(folder)).toBe(false);
      expect(await syncMirror({ base, folder, progress: quiet })).toMatchObject({ outcome: 'updated' });
      expect(seen.filter((s) => s.url.endsWith('.tar.gz')).map((s) => [s.range, s.status])).toEqual([
        [null, 200],
        ['bytes=1500-', 206],
      ]);
      expect(statSync(path.join(folder, `public/api/v1/mirror/${MINI_VERSION}.tar.gz`)).size).toBe(bundleBytes);
    } finally {
      http.close();
    }
  });

  it('starts again from the beginning when the server ignores Range (as the local server does)', async () => {
    const { http, seen } = standIn({ cutAfter: 1500, honourRange: false });
    const base = await listen(http);
    const folder = newFolder();
    const said: string[] = [];
    try {
      await expect(syncMirror({ base, folder, progress: quiet })).rejects.toThrow(/interrupted/);
      expect(await syncMirror({ base, folder, progress: quiet, say: (line) => said.push(line) })).toMatchObject({
        outcome: 'updated',
      });
      expect(seen.filter((s) => s.url.endsWith('.tar.gz')).map((s) => [s.range, s.status])).toEqual([
        [null, 200],
        ['bytes=1500-', 200],
      ]);
      expect(said).toContain('the server does not resume downloads: starting again from the beginning');
      expect(isClean(await checkFolder(folder, isOwn))).toBe(true);
    } finally {
      http.close();
    }
  });
});

describe('the progress report', () => {
  it('draws a bar with bytes, rate and ETA on a terminal, and plain lines at each tenth otherwise', () => {
    const drawn: string[] = [];
    const bar = progressReporter({ out: () => {}, err: () => {} }, true, (text) => drawn.push(text));
    bar.update(5e6, 10e6);
    bar.done();
    expect(drawn[0]).toMatch(/^\r\[#{15}\.{15}\] 5\.0 MB of 10\.0 MB, [\d.]+ MB\/s, ETA \d+ s/);
    const lines: string[] = [];
    const plain = progressReporter({ out: (line) => lines.push(line), err: () => {} }, false);
    for (let received = 0; received <= 10e6; received += 5e5) plain.update(received, 10e6);
    expect(lines.map((line) => line.split(':')[1]!.trim().split('%')[0])).toEqual([
      '0',
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100',
    ]);
  });
});
