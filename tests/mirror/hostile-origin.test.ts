// npm run mirror against an origin it cannot trust: every refusal is one line, the previous good mirror stays intact
// and servable, nothing is written outside the folder and its versions, and every read stops at what mirror.json
// declares (the bounds are shown by what reaches the disk and the socket, not by timing).
import { existsSync, mkdtempSync, readdirSync, readlinkSync, type WriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '../../build/mirror/download.ts';
import { syncMirror, type MirrorOptions } from '../../build/mirror/sync-mirror.ts';
import { startServer } from '../../build/serve/server.ts';
import { runCli } from '../helpers/cli.ts';
import {
  bundleOf,
  endless,
  fakeOrigin,
  manifestOf,
  serving,
  sumsOf,
  tarGz,
  type FakeOrigin,
  type Handler,
} from '../helpers/fake-origin.ts';
import { sharedSite, treeDigest } from '../helpers/fixture.ts';
import { useServer } from '../helpers/http.ts';

const quiet: Progress = { update: () => {}, done: () => {} };
const MB = 1024 * 1024;
const FILES = { 'public/api/v1/index.json': '{"hostile":true}\n' };
const FILE_BYTES = FILES['public/api/v1/index.json'].length;

// The original: the mini fixture as built for the whole run (with its mirror manifest and bundle).
const good = useServer(() => sharedSite('mini'), { noRateLimit: true });
/** The temp folder that holds the mirror and its versions, and nothing else. */
let parent: string;
let folder: string;
beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'ev-hostile-'));
  folder = path.join(parent, 'mirror');
  await syncMirror({ base: good.server.url, folder, progress: quiet });
});

/** Everything a refused run must leave as it was: the mirror's files, and what lies next to it and in its versions. */
const snapshot = () => ({
  tree: treeDigest(folder),
  link: readlinkSync(folder),
  siblings: readdirSync(parent).sort(),
  versions: readdirSync(`${folder}.versions`).sort(),
});

/** Runs the mirror against `handler` and returns its error message; the mirror must be as it was. */
async function refusal(
  handler: Handler,
  options: Partial<MirrorOptions> = {},
): Promise<{ message: string; origin: FakeOrigin }> {
  const before = snapshot();
  const origin = await fakeOrigin(handler);
  try {
    const error = await syncMirror({ base: origin.url, folder, progress: quiet, ...options }).then(
      () => new Error('the run succeeded'),
      (caught: unknown) => caught as Error,
    );
    expect(error.name).toBe('MirrorError');
    expect(error.message).not.toContain('\n');
    expect(snapshot()).toEqual(before);
    return { message: error.message, origin };
  } finally {
    await origin.close();
  }
}

describe('a bundle whose entries leave the folder or are not files', () => {
  it.each(['../evil.json', '/evil.json', 'public\\..\\evil.json', 'public/../../evil.json', 'public/./a.json'])(
    '%s: one line, no half-extracted version left, nothing written outside',
    async (name) => {
      const bundle = await bundleOf({}, [
        { name, body: '{}' },
        { name: 'SHA256SUMS', body: '' },
      ]);
      const { message } = await refusal(serving(manifestOf(bundle, { files: 1, bytes: 2 }), bundle));
      expect(message).toMatch(/^the bundle holds a path outside its folder \(".*"\): nothing was changed$/);
      expect(existsSync(path.join(parent, '..', 'evil.json'))).toBe(false);
      expect(existsSync(path.join(parent, 'evil.json'))).toBe(false);
    },
  );

  it('a symbolic link entry is refused', async () => {
    const bundle = await bundleOf({}, [
      { name: 'public/x.json', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'SHA256SUMS', body: '' },
    ]);
    const { message } = await refusal(serving(manifestOf(bundle, { files: 1, bytes: 0 }), bundle));
    expect(message).toBe('the bundle holds a symlink ("public/x.json"), not a file: nothing was changed');
  });

  it('the same refusal through the command: one line on stderr, exit 1', async () => {
    const bundle = await bundleOf({}, [{ name: '../evil.json', body: '{}' }]);
    const origin = await fakeOrigin(serving(manifestOf(bundle, { files: 1, bytes: 2 }), bundle));
    try {
      const result = await runCli('mirror', [origin.url, folder]);
      expect(result).toMatchObject({
        status: 1,
        stderr: 'mirror: the bundle holds a path outside its folder ("../evil.json"): nothing was changed\n',
      });
    } finally {
      await origin.close();
    }
  });
});

describe('nothing is read or written beyond what mirror.json declares', () => {
  it('a 50 MB entry where mirror.json declares 1,000 bytes is refused at its header: nothing of it is written', async () => {
    const bundle = await tarGz([{ name: 'public/bomb.json', zeros: 50 * MB }]);
    expect(bundle.length).toBeLessThan(MB);
    const { message } = await refusal(serving(manifestOf(bundle, { files: 1, bytes: 1000 }), bundle));
    expect(message).toBe('the bundle unpacks to more than the 1000 bytes mirror.json declares: nothing was changed');
  });

  it('a bundle that goes on with 50 MB of zeros after its last entry (a decompression bomb) is cut short', async () => {
    const entries = [
      { name: 'public/api/v1/index.json', body: FILES['public/api/v1/index.json'] },
      { name: 'SHA256SUMS', body: sumsOf(FILES) },
    ];
    const bundle = await tarGz(entries, 50 * MB);
    const { message } = await refusal(serving(manifestOf(bundle, { files: 1, bytes: FILE_BYTES }), bundle));
    expect(message).toMatch(/^the bundle unpacks to more than mirror\.json declares/);
  });

  it('a SHA256SUMS of one 8 MB line is refused at its header, never held in memory', async () => {
    const bundle = await bundleOf({}, [
      { name: 'public/api/v1/index.json', body: FILES['public/api/v1/index.json'] },
      { name: 'SHA256SUMS', body: 'a'.repeat(8 * MB) },
    ]);
    const { message } = await refusal(serving(manifestOf(bundle, { files: 1, bytes: FILE_BYTES }), bundle));
    expect(message).toBe(
      `SHA256SUMS is ${8 * MB} bytes, more than 1 line(s) can hold (bad checksum): nothing was changed`,
    );
  });

  it.each([
    ['with a Content-Length', true],
    ['chunked, without one', false],
  ])(
    'a download 50 MB longer than the 1,000 bytes mirror.json declares (%s): at most 1,000 bytes reach the disk, and they are removed',
    async (_what, withLength) => {
      const manifest = manifestOf(Buffer.alloc(1000), { files: 1, bytes: 1 });
      const sent = { bytes: 0 };
      let written = 0;
      // What the download writes is counted, not kept (the refusal removes the file anyway).
      const counting = (): WriteStream =>
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            written += chunk.length;
            done();
          },
        }) as unknown as WriteStream;
      const { message } = await refusal(
        (req, res) => {
          if (req.url === '/api/v1/mirror.json') return void res.end(manifest);
          if (withLength) return void res.writeHead(200, { 'Content-Length': String(1000 + 50 * MB) }).end();
          endless(1000 + 50 * MB, sent)(res);
        },
        { openWrite: counting },
      );
      expect(message).toMatch(
        /^GET \/api\/v1\/mirror\/99\.0\.0\.tar\.gz sends more than the 1000 bytes mirror\.json declares/,
      );
      expect(written).toBeLessThanOrEqual(1000);
      // What the socket took before the client stopped reading: its buffers, far from the 50 MB.
      expect(sent.bytes).toBeLessThan(16 * MB);
    },
  );

  it('a mirror.json of 50 MB is refused after 64 KiB, never read whole', async () => {
    const sent = { bytes: 0 };
    const { message } = await refusal((_req, res) => endless(50 * MB, sent)(res));
    expect(message).toBe(
      'GET /api/v1/mirror.json answered more than 65536 bytes, more than it ever holds: refused, nothing was changed',
    );
    expect(sent.bytes).toBeLessThan(16 * MB);
  });
});

describe('an origin that stalls or trickles', () => {
  it('silent after the connection: the stall timeout ends the run', async () => {
    const { message } = await refusal(() => {}, { stallSeconds: 0.3 });
    expect(message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ sent nothing for 0\.3 s \(--stall-timeout\): gave up, nothing was changed$/,
    );
  });

  it('one byte every 50 ms, forever: the deadline ends the run', async () => {
    const { message } = await refusal(
      (_req, res) => {
        res.writeHead(200);
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      },
      // A stall timeout far longer than the origin's pauses, even on a loaded machine: only the deadline can end this run.
      { stallSeconds: 600, timeoutSeconds: 0.6 },
    );
    expect(message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ did not finish within 0\.6 s \(--timeout\): gave up, nothing was changed$/,
    );
  });
});

describe("the bundle's path stays under <base>/api/v1/mirror/", () => {
  it.each([
    '/../../../other/x.tar.gz',
    '/api/v1/mirror/../../../other/x.tar.gz',
    '/api/v1/mirror/%2e%2e/%2e%2e/x.tar.gz',
    '/api/v1/mirror/..\\..\\x.tar.gz',
    '//elsewhere.example/api/v1/mirror/x.tar.gz',
    '@elsewhere.example/api/v1/mirror/x.tar.gz',
    '/api/v1/mirror/',
  ])('%s is refused before it is requested', async (bundlePath) => {
    const bundle = await bundleOf(FILES);
    const { message, origin } = await refusal(
      serving(manifestOf(bundle, { files: 1, bytes: FILE_BYTES }, { path: bundlePath }), bundle),
    );
    expect(message).toMatch(
      /^mirror\.json names its bundle at ".*", which is not under http:\/\/127\.0\.0\.1:\d+\/api\/v1\/mirror\/: refused, nothing was changed$/,
    );
    expect(origin.requests).toEqual(['/api/v1/mirror.json']);
  });
});

describe("a bundle and its SHA256SUMS replaced together, mirror.json's export digests left genuine (issue 38)", () => {
  /** The original's mirror.json with the bundle's own fields made to fit `bundle` (what such an origin serves). */
  async function genuineManifestFor(bundle: Buffer, files: Record<string, string>) {
    const genuine = (await (await fetch(`${good.server.url}/api/v1/mirror.json`)).json()) as {
      exports: { path: string; sha256: string }[];
    };
    const fitted = JSON.parse(
      manifestOf(bundle, {
        files: Object.keys(files).length,
        bytes: Object.values(files).reduce((sum, body) => sum + Buffer.byteLength(body), 0),
      }),
    ) as Record<string, unknown>;
    return { manifest: `${JSON.stringify({ ...fitted, exports: genuine.exports })}\n`, exports: genuine.exports };
  }

  it('an export that differs from its digest in mirror.json is refused, naming it, before the swap', async () => {
    const files = {
      'public/api/v1/index.json': FILES['public/api/v1/index.json'],
      'public/api/v1/exports/dataset.sqlite': "CREATE VIEW v AS SELECT load_extension('/tmp/x');\n",
    };
    const bundle = await bundleOf(files);
    const { manifest, exports } = await genuineManifestFor(bundle, files);
    expect(exports.map((e) => e.path)).toContain('/api/v1/exports/dataset.sqlite');
    const { message } = await refusal(serving(manifest, bundle));
    expect(message).toBe(
      `"public/api/v1/exports/dataset.sqlite" does not match its SHA-256 in mirror.json's exports (bad checksum): nothing was changed`,
    );
  });

  it('a bundle without an export mirror.json names is refused, naming the export', async () => {
    const bundle = await bundleOf(FILES);
    const { manifest, exports } = await genuineManifestFor(bundle, FILES);
    const { message } = await refusal(serving(manifest, bundle));
    expect(message).toBe(
      `mirror.json names the export "public${exports[0]!.path}", which the bundle does not hold: nothing was changed`,
    );
  });
});

describe('after every refusal above', () => {
  it('the mirror still answers as the original', async () => {
    const served = await startServer({
      publicDir: path.join(folder, 'public'),
      netlifyToml: path.join(folder, 'netlify.toml'),
      log: () => {},
    });
    try {
      const [mirrored, original] = await Promise.all(
        [served.url, good.server.url].map(async (base) => (await fetch(`${base}/api/v1`)).text()),
      );
      expect(mirrored).toBe(original);
    } finally {
      await served.close();
    }
  });
});
