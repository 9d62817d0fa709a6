// Every command's failures are one clear line on stderr and exit 1, never a stack trace, and nothing is written.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runningServers } from '../../build/cli/serve.ts';
import { invocation } from '../../build/cli/help.ts';
import { COMMAND_MODULES, commandOf, runCli, spawnCli, type CliResult } from '../helpers/cli.ts';
import {
  copyBuiltFixture,
  copyFixture,
  editData,
  MINI_FIXTURE,
  NETLIFY_TOML,
  treeDigest,
  MINI_VERSION,
} from '../helpers/fixture.ts';
import { startOfCell } from '../helpers/rows.ts';

/** Exactly one line on stderr, no stack trace, and the exit code: 2 for a wrong argument, 1 for a failure. */
function expectOneLine(result: CliResult, pattern: RegExp, status: 1 | 2 = 1): void {
  expect(result.status, result.stderr).toBe(status);
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

const refused = (result: CliResult, pattern: RegExp) => expectOneLine(result, pattern, 2);
const COMMANDS = [...COMMAND_MODULES.keys()];

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

describe('every command', () => {
  it('is one script of package.json each, every script that runs a program of ours among them', () => {
    expect(COMMANDS).toEqual(
      expect.arrayContaining([
        ...['build', 'serve', 'check', 'fix', 'release', 'diff', 'coverage', 'docs', 'mirror', 'nginx-config'],
        ...['bench', 'bench:schemas', 'bench:loops', 'fuzz'],
      ]),
    );
  });

  it.each(COMMANDS)(
    'npm run %s -- --help: its usage, what it does, each option and an example; exit 0',
    async (name) => {
      const result = await runCli(name, ['--help']);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
      const { spec } = await commandOf(name);
      expect(spec.name).toBe(name);
      expect(result.stdout.startsWith(`usage: ${invocation(name)}`)).toBe(true);
      expect(result.stdout.replaceAll('\n', ' ')).toContain(spec.summary);
      for (const option of [...Object.keys(spec.options), 'help']) expect(result.stdout).toContain(`  --${option}`);
      expect(result.stdout).toMatch(
        new RegExp(`\\nexamples?:\\n  ${invocation(name).replace('npm run ', 'npm run (--silent )?')} ?`),
      );
    },
  );

  it.each(COMMANDS)('npm run %s -- --bogus: one line naming the flag and the usage, exit 2', async (name) => {
    refused(
      await runCli(name, ['--bogus']),
      new RegExp(`^${name}: Unknown option '--bogus'; usage: ${invocation(name)}`),
    );
  });

  it.each(COMMANDS)('npm run %s: an empty value for any option that takes one is refused, exit 2', async (name) => {
    const { spec } = await commandOf(name);
    for (const [key] of Object.entries(spec.options).filter(([, option]) => option.value))
      refused(await runCli(name, [`--${key}`, '']), new RegExp(`^${name}: --${key} must be .*, got ""$`));
  });

  it('a stray argument where none is taken', async () => {
    refused(await runCli('check', ['extra']), /^check: Unexpected argument 'extra'; usage: npm run check/);
  });
});

describe('npm run bench and bench:schemas', () => {
  it.each([
    [['--runs', '0'], /^bench: --runs must be a whole number from 1 to 20, got "0"$/],
    [['--runs', '-1'], /^bench: --runs must be a whole number from 1 to 20, got "-1"$/],
    [['--runs', 'three'], /^bench: --runs must be a whole number from 1 to 20, got "three"$/],
    [['--seconds', '2.5'], /^bench: --seconds must be a whole number from 1 to 600, got "2\.5"$/],
    [['--dir', '/nonexistent'], /^bench: --dir must be an existing folder, got "\/nonexistent"$/],
    [['--runs'], /^bench: Option '--runs <value>' argument missing; usage: npm run bench/],
  ])('npm run bench -- %s is refused before any work', async (args, pattern) => {
    refused(await runCli('bench', args), pattern);
  });

  it('bench:schemas takes no folder for a flag', async () => {
    refused(await runCli('bench:schemas', ['--bogus']), /^bench:schemas: Unknown option '--bogus'/);
    refused(await runCli('bench:schemas', ['/tmp']), /^bench:schemas: Unexpected argument '\/tmp'/);
  });
});

describe('npm run diff', () => {
  it('an unknown git ref: one line naming it', async () => {
    const repo = gitRepo();
    refused(
      await runCli('diff', ['no-such-ref', '--root', repo]),
      /^diff: cannot read data\/ at "no-such-ref" \(.*\); give a branch, tag or commit of this repository$/,
    );
  });

  it('no ref at all: the usage', async () => {
    refused(
      await runCli('diff', []),
      /^diff: expected 1 argument\(s\), got 0; usage: npm run diff -- <git-ref> \[--markdown\] \[--root <folder>\]$/,
    );
  });
});

describe('npm run release', () => {
  const refusedWritingNothing = async (args: string[], pattern: RegExp) => {
    const root = copyFixture();
    const before = treeDigest(path.join(root, 'data'));
    editData(root, 'vehicles.csv', (t) => t.replace('Volt A', 'Volt A2'));
    const edited = treeDigest(path.join(root, 'data'));
    expect(edited).not.toEqual(before);
    refused(await runCli('release', [...args, '--root', root]), pattern);
    expect(treeDigest(path.join(root, 'data')), 'nothing was written').toEqual(edited);
  };

  it.each([['2026-13-45'], ['2026-02-30'], ['26-01-01'], ['tomorrow']])(
    '--date %s is refused before anything is written',
    async (date) => {
      await refusedWritingNothing(
        ['--date', date],
        new RegExp(`^release: --date must be a real day written YYYY-MM-DD, got "${date}"$`),
      );
    },
  );

  it('a date before the last release is refused', async () => {
    await refusedWritingNothing(
      ['--date', '2025-12-31'],
      new RegExp(
        `^release: --date 2025-12-31 is before the last release \\(${MINI_VERSION.replaceAll('.', '\\.')} on 2026-01-15\\)$`,
      ),
    );
  });

  it('--major with --patch is refused', async () => {
    await refusedWritingNothing(
      ['--major', '--patch', '--date', '2026-02-01'],
      /^release: --major and --patch exclude each other/,
    );
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
      refused(
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
  ])('--trust-proxy %j is refused in one line, exit 2', async (value, reason) => {
    const line = `serve: --trust-proxy takes the addresses or CIDR ranges of the proxies in front, comma-separated: ${reason}`;
    for (const args of [['--trust-proxy', value], [`--trust-proxy=${value}`]])
      expect(await runCli('serve', ['--dir', site, ...args])).toEqual({ status: 2, stdout: '', stderr: `${line}\n` });
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
    refused(
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
  // Every command as its own process on a bad flag: tests/cli/cli-processes.test.ts (npm run test:system).
  it('npm run build on broken data exits 1, prints file:line:column on stderr and writes no public/', async () => {
    const root = copyFixture();
    editData(root, 'vehicles.csv', (t) =>
      t.replace('volt-a-400-2024,Fixture,Volt A,400,2024', 'volt-a-400-2024,Fixture,Volt A,400,twenty'),
    );
    const result = await spawnCli('build', ['--root', root]);
    expect(result.status).toBe(1);
    const at = startOfCell('volt-a-400-2024,Fixture,Volt A,400,twenty', 4);
    expect(result.stderr).toContain(
      `data/vehicles.csv:2:${at}: [schema] model_year: must be a whole number, got "twenty"`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'public'))).toBe(false);
  });
});
