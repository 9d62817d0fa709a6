// Every command's failures are one clear line on stderr and exit 1, never a stack trace, and nothing is written.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runningServers } from '../../build/cli/serve.ts';
import { runCli, spawnCli, type CliResult, type CommandName } from '../helpers/cli.ts';
import {
  copyBuiltFixture,
  copyFixture,
  editData,
  MINI_FIXTURE,
  NETLIFY_TOML,
  treeDigest,
  MINI_VERSION,
} from '../helpers/fixture.ts';

/** Exactly one line on stderr, exit 1, no stack trace. */
function expectOneLine(result: CliResult, pattern: RegExp): void {
  expect(result.status, result.stderr).toBe(1);
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

function gitRepo(): string {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'ev-cli-'));
  cpSync(path.join(MINI_FIXTURE, 'data'), path.join(repo, 'data'), { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  execFileSync(
    'git',
    ['-c', 'user.name=T', '-c', 'user.email=t@example.org', 'commit', '-q', '--allow-empty', '-m', 'x'],
    { cwd: repo },
  );
  return repo;
}

describe('unknown flags and arguments', () => {
  it.each<CommandName>([
    'build',
    'check',
    'fix',
    'docs',
    'coverage',
    'diff',
    'release',
    'serve',
    'mirror',
    'package',
    'import',
  ])('npm run %s -- --bogus: one line naming the flag and the usage', async (name) => {
    const result = await runCli(name, ['--bogus']);
    expectOneLine(result, new RegExp(`^${name}: Unknown option '--bogus'; usage: npm run ${name}`));
  });

  it('a stray argument where none is taken', async () => {
    expectOneLine(await runCli('check', ['extra']), /^check: Unexpected argument 'extra'|^check: expected 0 argument/);
  });
});

describe('npm run diff', () => {
  it('an unknown git ref: one line naming it', async () => {
    const repo = gitRepo();
    expectOneLine(
      await runCli('diff', ['no-such-ref', '--root', repo]),
      /^diff: cannot read data\/ at "no-such-ref" \(.*\); give a branch, tag or commit of this repository$/,
    );
  });

  it('no ref at all: the usage', async () => {
    expectOneLine(
      await runCli('diff', []),
      /^diff: expected 1 argument\(s\), got 0; usage: npm run diff -- <git-ref> \[--markdown\]$/,
    );
  });
});

describe('npm run release', () => {
  const refused = async (args: string[], pattern: RegExp) => {
    const root = copyFixture();
    const before = treeDigest(path.join(root, 'data'));
    editData(root, 'vehicles.csv', (t) => t.replace('Volt A', 'Volt A2'));
    const edited = treeDigest(path.join(root, 'data'));
    expect(edited).not.toEqual(before);
    expectOneLine(await runCli('release', [...args, '--root', root]), pattern);
    expect(treeDigest(path.join(root, 'data')), 'nothing was written').toEqual(edited);
  };

  it.each([['2026-13-45'], ['2026-02-30'], ['26-01-01'], ['tomorrow']])(
    '--date %s is refused before anything is written',
    async (date) => {
      await refused(
        ['--date', date],
        new RegExp(`^release: --date must be a real day written YYYY-MM-DD, got "${date}"$`),
      );
    },
  );

  it('a date before the last release is refused', async () => {
    await refused(
      ['--date', '2025-12-31'],
      new RegExp(
        `^release: --date 2025-12-31 is before the last release \\(${MINI_VERSION.replaceAll('.', '\\.')} on 2026-01-15\\)$`,
      ),
    );
  });

  it('--major with --patch is refused', async () => {
    await refused(['--major', '--patch', '--date', '2026-02-01'], /^release: --major and --patch exclude each other/);
  });

  it('with nothing changed, says so and bumps nothing', async () => {
    const root = copyFixture();
    const before = treeDigest(path.join(root, 'data'));
    expectOneLine(
      await runCli('release', ['--date', '2026-02-01', '--root', root]),
      new RegExp(
        `^release: nothing changed since release ${MINI_VERSION.replaceAll('.', '\\.')}: no version was bumped and nothing was written$`,
      ),
    );
    expect(treeDigest(path.join(root, 'data'))).toEqual(before);
  });

  it('a malformed ledger file is reported at file:line:column like any data error', async () => {
    const root = copyFixture();
    editData(root, 'ledger/volt-a-400-2024.csv', (t) => t.replace(/,yes,/, ',maybe,'));
    const result = await runCli('release', ['--date', '2026-02-01', '--root', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^data\/ledger\/volt-a-400-2024\.csv:2:6: \[ledger\] published must be yes or no, got "maybe" \(fix: the ledger is written by npm run release; restore it from git\)$/m,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('npm run serve', () => {
  const site = copyFixture();

  it.each([['abc'], ['70000'], [''], ['0'], ['80a']])('PORT=%s is refused (never a random port)', async (port) => {
    const previous = process.env.PORT;
    process.env.PORT = port;
    try {
      expectOneLine(
        await runCli('serve', ['--dir', site]),
        new RegExp(`^serve: PORT must be a port number from 1 to 65535, got "${port}"$`),
      );
    } finally {
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
  });

  it.each([
    ['-1', '"-1" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
    [
      '1',
      '"1" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8) (a number of proxies is no longer accepted: it let any client name itself)',
    ],
    ['10.0.0.0/33', '"10.0.0.0/33" is not an address or a CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)'],
    ['', 'needs at least one address or CIDR range'],
  ])('--trust-proxy %j is refused in one line', async (value, reason) => {
    const line = `serve: --trust-proxy takes the addresses or CIDR ranges of the proxies in front, comma-separated: ${reason}`;
    for (const args of [['--trust-proxy', value], [`--trust-proxy=${value}`]])
      expect(await runCli('serve', ['--dir', site, ...args])).toEqual({ status: 1, stdout: '', stderr: `${line}\n` });
  });

  it('--trust-proxy with addresses and ranges: serves, and says whose X-Forwarded-For it reads', async () => {
    const built = await copyBuiltFixture();
    cpSync(NETLIFY_TOML, path.join(built, 'netlify.toml'));
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = String((free.address() as { port: number }).port);
    await new Promise((resolve) => free.close(resolve));
    const result = await runCli('serve', ['--dir', built, '--port', port, '--trust-proxy', '10.0.0.1, 10.1.0.0/16']);
    try {
      expect(result.stdout).toMatch(
        /\(rules from netlify\.toml; X-Forwarded-For read from 10\.0\.0\.1,10\.1\.0\.0\/16\)\n$/,
      );
    } finally {
      await Promise.all(runningServers.splice(0).map((server) => server.close()));
    }
  });

  it('without a built public/ it says to build first', async () => {
    const root = copyFixture();
    cpSync(NETLIFY_TOML, path.join(root, 'netlify.toml'));
    expectOneLine(
      await runCli('serve', ['--dir', root, '--port', '8089']),
      /^serve: .*public holds no built API: run npm run build \(or npm run mirror\) first$/,
    );
  });

  it('a folder that is neither a project nor a mirror', async () => {
    expectOneLine(
      await runCli('serve', ['--dir', os.tmpdir(), '--port', '8089']),
      /has no netlify\.toml: serve a project folder or a mirror folder$/,
    );
  });

  it('with the port taken: one line naming the port', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const built = await copyBuiltFixture();
      cpSync(NETLIFY_TOML, path.join(built, 'netlify.toml'));
      expectOneLine(
        await runCli('serve', ['--dir', built, '--port', String(port)]),
        new RegExp(`^serve: port ${port} on 127\\.0\\.0\\.1 is already in use`),
      );
    } finally {
      taken.close();
    }
  });
});

describe('the real programs', () => {
  it('each command, run as its own process, prints one line and exits 1 on a bad flag', async () => {
    const names = ['check', 'fix', 'docs', 'coverage', 'diff', 'release', 'serve', 'mirror', 'package', 'fuzz'];
    const results = await Promise.all(names.map((name) => spawnCli(name, ['--bogus'])));
    for (const [i, result] of results.entries())
      expectOneLine(result, new RegExp(`^${names[i]}: Unknown option '--bogus'`));
  });

  it('npm run build on broken data exits 1, prints file:line:column on stderr and writes no public/', async () => {
    const root = copyFixture();
    editData(root, 'vehicles.csv', (t) =>
      t.replace('volt-a-400-2024,Fixture,Volt A,400,2024', 'volt-a-400-2024,Fixture,Volt A,400,twenty'),
    );
    const result = await spawnCli('build', ['--root', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('data/vehicles.csv:2:5: [schema] model_year: must be a whole number, got "twenty"');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'public'))).toBe(false);
  });
});
