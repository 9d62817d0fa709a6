// The work of `npm run bench:hostile` (tests/bench/hostile-origin.ts): runs a checkout's `npm run mirror` (its own
// process, under /usr/bin/time) against each hostile origin of the mirror tests and prints what each run cost: exit
// code, seconds, peak RSS, peak and final bytes on disk next to the mirror, and what it did to what it did not own.
import { spawn } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { bundleOf, endless, fakeOrigin, manifestOf, serving, tarGz, type Handler } from '../helpers/fake-origin.ts';

export interface HostileBenchOptions {
  /** The checkout whose mirror command runs. */
  tree: string;
  /** Size of every large thing a hostile origin sends, in MB. */
  mb: number;
  /** Seconds after which a run is killed and reported as still running. */
  limit: number;
  dir: string;
}

export async function runHostileBench(values: HostileBenchOptions, say: (line: string) => void): Promise<void> {
  const MB = 1024 * 1024;
  const SIZE = values.mb * MB;
  const LIMIT_MS = values.limit * 1000;
  const tree = path.resolve(values.tree);
  /** The Node flags the checkout's `npm run mirror` runs with (its package.json), so that the figures are that command's. */
  const MIRROR_FLAGS = (
    JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as { scripts: { mirror: string } }
  ).scripts.mirror
    .split(' ')
    .filter((word) => /^--max-(old|semi)-space-size=/.test(word));
  /** Whether the checkout knows the timeout flags (older ones refuse them). */
  const hasTimeouts = readFileSync(path.join(tree, 'build/cli/mirror.ts'), 'utf8').includes('stall-timeout');
  const work = mkdtempSync(path.join(values.dir, 'ev-hostile-bench-'));

  /** Bytes on disk under a folder (links not followed). */
  function diskBytes(dir: string): number {
    let total = 0;
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat) return 0;
    total += stat.blocks * 512;
    if (stat.isDirectory())
      for (const name of readdirSync(dir)) {
        try {
          total += diskBytes(path.join(dir, name));
        } catch {
          // Removed while counted.
        }
      }
    return total;
  }

  interface Run {
    exit: string;
    seconds: number;
    peakRssMb: number;
    peakDiskMb: number;
    finalDiskMb: number;
    stderrLines: string[];
  }

  /** Runs the checkout's mirror command; kills it after --limit seconds. */
  function mirrorRun(base: string, folder: string, parent: string, extra: string[] = []): Promise<Run> {
    const timing = path.join(work, `time-${process.hrtime.bigint()}`);
    const child = spawn(
      '/usr/bin/time',
      [
        '-f',
        '%M %e',
        '-o',
        timing,
        process.execPath,
        ...MIRROR_FLAGS,
        '--import',
        path.join(tree, 'build/cli/run-typescript.mjs'),
        path.join(tree, 'build/cli/mirror.ts'),
        base,
        folder,
        ...extra,
      ],
      { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, diskBytes(parent))), 100);
    let killed = false;
    const kill = setTimeout(() => {
      killed = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, LIMIT_MS);
    const started = Date.now();
    return new Promise((resolve) => {
      child.on('close', (code) => {
        clearInterval(poll);
        clearTimeout(kill);
        const seconds = (Date.now() - started) / 1000;
        const [rss = '0'] = killed ? [] : readFileSync(timing, 'utf8').trim().split('\n').at(-1)!.split(' ');
        const final = diskBytes(parent);
        resolve({
          exit: killed ? `killed at ${values.limit} s` : String(code),
          seconds,
          peakRssMb: Number(rss) / 1024,
          peakDiskMb: Math.max(peak, final) / MB,
          finalDiskMb: final / MB,
          stderrLines: stderr.trimEnd().split('\n').filter(Boolean),
        });
      });
    });
  }

  const GOOD_FILES = { 'public/api/v1/index.json': '{"good":true}\n', 'netlify.toml': '' };

  interface Case {
    name: string;
    handler: () => Promise<Handler>;
    /** Arranges the folder before the run (default: a good mirror made by the same command). */
    arrange?: (parent: string, folder: string) => string;
    flags?: string[];
    /** What the run did to what it does not own, in words. */
    after?: (parent: string, folder: string, paths: string[]) => string;
  }

  const hostileBundle = async (entries: Parameters<typeof tarGz>[0], declared: { files: number; bytes: number }) => {
    const bundle = await tarGz(entries);
    return serving(manifestOf(bundle, declared), bundle);
  };

  const CASES: Case[] = [
    {
      name: 'folder is a link to another directory',
      handler: async () => {
        const bundle = await bundleOf(GOOD_FILES);
        return serving(manifestOf(bundle, { files: 2, bytes: 14 }), bundle);
      },
      arrange: (parent, folder) => {
        const precious = path.join(parent, 'precious');
        mkdirSync(precious);
        for (let n = 0; n < 100; n += 1) writeFileSync(path.join(precious, `file-${n}.txt`), 'keep me\n');
        symlinkSync(precious, folder);
        return 'precious/ holds 100 files';
      },
      after: (parent) => {
        const precious = path.join(parent, 'precious');
        return `precious/ holds ${lstatSync(precious, { throwIfNoEntry: false }) ? readdirSync(precious).length : 0} files`;
      },
    },
    {
      name: 'bundle entry ../evil.json',
      handler: () =>
        hostileBundle(
          [
            { name: '../evil.json', body: '{}' },
            { name: 'SHA256SUMS', body: '' },
          ],
          { files: 1, bytes: 2 },
        ),
    },
    {
      name: `gzip bomb: one ${values.mb} MB entry, 4,096 bytes declared`,
      handler: () => hostileBundle([{ name: 'public/bomb.json', zeros: SIZE }], { files: 1, bytes: 4096 }),
    },
    {
      name: `download of ${values.mb} MB, 1,000 bytes declared`,
      handler: async () => {
        const manifest = manifestOf(Buffer.alloc(1000), { files: 1, bytes: 1 });
        return (req, res) => {
          if (req.url === '/api/v1/mirror.json') return void res.end(manifest);
          endless(SIZE, { bytes: 0 })(res);
        };
      },
    },
    {
      name: `mirror.json of ${values.mb} MB`,
      handler: async () => (_req, res) => endless(SIZE, { bytes: 0 })(res),
    },
    {
      name: `SHA256SUMS of one ${values.mb} MB line`,
      handler: () =>
        hostileBundle(
          [
            { name: 'public/api/v1/index.json', body: '{}\n' },
            { name: 'SHA256SUMS', zeros: SIZE },
          ],
          { files: 1, bytes: 3 },
        ),
    },
    { name: 'silent origin (default timeouts)', handler: async () => () => {} },
    {
      name: 'trickling origin, 1 byte a second',
      handler: async () => (_req, res) => {
        res.writeHead(200);
        const timer = setInterval(() => res.write(' '), 1000);
        res.on('close', () => clearInterval(timer));
      },
      flags: hasTimeouts ? ['--timeout', '20'] : [],
    },
    {
      name: 'bundle.path /../../../other/x.tar.gz',
      handler: async () => {
        const bundle = await bundleOf(GOOD_FILES);
        return serving(manifestOf(bundle, { files: 2, bytes: 14 }, { path: '/../../../other/x.tar.gz' }), bundle);
      },
      after: (_parent, _folder, paths) =>
        paths.some((p) => p.startsWith('/other/'))
          ? 'fetched /other/x.tar.gz'
          : 'nothing outside /api/v1/mirror/ fetched',
    },
  ];

  say(
    `mirror command of ${tree} (node ${MIRROR_FLAGS.join(' ') || 'without heap flags'}; ${hasTimeouts ? 'with' : 'without'} --timeout/--stall-timeout), sizes ${values.mb} MB`,
  );
  say('| case | exit | s | peak RSS MB | peak disk MB | disk after MB | stderr lines | first line | what it did |');
  say('|---|---|---|---|---|---|---|---|---|');
  const goodBundle = await bundleOf(GOOD_FILES);
  const goodOrigin = await fakeOrigin(serving(manifestOf(goodBundle, { files: 2, bytes: 14 }), goodBundle));
  for (const item of CASES) {
    const parent = mkdtempSync(path.join(work, 'case-'));
    const folder = path.join(parent, 'mirror');
    let arranged = 'a good mirror';
    if (item.arrange) arranged = item.arrange(parent, folder);
    else {
      const first = await mirrorRun(goodOrigin.url, folder, parent);
      if (first.exit !== '0') throw new Error(`the good mirror failed: ${first.stderrLines.join(' / ')}`);
    }
    const origin = await fakeOrigin(await item.handler());
    const baseline = diskBytes(parent);
    const run = await mirrorRun(origin.url, folder, parent, item.flags);
    await origin.close();
    const versions = `${folder}.versions`;
    const did =
      item.after?.(parent, folder, origin.requests) ??
      `${arranged}; next to it: ${readdirSync(parent).sort().join(', ')}; in ${path.basename(versions)}/: ${readdirSync(versions).sort().join(', ')}`;
    say(
      `| ${item.name} | ${run.exit} | ${run.seconds.toFixed(1)} | ${run.peakRssMb.toFixed(0)} | ${((run.peakDiskMb * MB - baseline) / MB).toFixed(1)} | ${((run.finalDiskMb * MB - baseline) / MB).toFixed(1)} | ${run.stderrLines.length} | ${(run.stderrLines[0] ?? '').slice(0, 110).replaceAll('|', '\\|')} | ${did} |`,
    );
    rmSync(parent, { recursive: true, force: true });
  }
  await goodOrigin.close();
  rmSync(work, { recursive: true, force: true });
}
