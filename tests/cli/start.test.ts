// npm start: the build, then the server from the moment the tree is written, then the exports and the mirror bundle
// (the same files npm run build writes); a wrong argument refused before the build; a failed publication stops it.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runningServers } from '../../build/cli/serve.ts';
import { runCli } from '../helpers/cli.ts';
import { copyBuiltFixture, copyFixture, editData, MINI_VERSION, NETLIFY_TOML, treeDigest } from '../helpers/fixture.ts';

async function freePort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return String(port);
}

/** A copy of the mini fixture's data with the routing file beside it, as a project folder is. */
function project(): string {
  const root = copyFixture();
  cpSync(NETLIFY_TOML, path.join(root, 'netlify.toml'));
  return root;
}

afterEach(async () => {
  await Promise.all(runningServers.splice(0).map((server) => server.close()));
});

describe('npm start', () => {
  it('serves once the tree is written, then publishes the exports and bundle npm run build would have written', async () => {
    const root = project();
    const port = await freePort();
    const result = await runCli('start', ['--root', root, '--port', port]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^built dataset ${MINI_VERSION.replaceAll('.', '\\.')} in \\d+ ms \\(full\\)`));
    expect(lines[1]).toMatch(new RegExp(`^serving .*public at http://127\\.0\\.0\\.1:${port}/api/v1 \\(`));
    expect(lines[2]).toMatch(
      new RegExp(
        `^published the exports and the mirror bundle of ${MINI_VERSION.replaceAll('.', '\\.')} \\d+ ms after`,
      ),
    );
    const built = await copyBuiltFixture('enforce');
    expect(treeDigest(path.join(root, 'public'))).toEqual(treeDigest(path.join(built, 'public')));
    expect(readFileSync(path.join(root, '.public-build-state.json'), 'utf8')).toBe(
      readFileSync(path.join(built, '.public-build-state.json'), 'utf8'),
    );
    const mirror = await fetch(`http://127.0.0.1:${port}/api/v1/mirror.json`);
    expect(mirror.status).toBe(200);
    expect(await mirror.text()).toBe(readFileSync(path.join(root, 'public/api/v1/mirror.json'), 'utf8'));
  });

  it('on data changed since the release: builds nothing, serves nothing, and names npm start -- --preview', async () => {
    const root = project();
    editData(root, 'vehicles.csv', (text) =>
      text.replace('2024,60,fixture-spec,400,fixture-spec,150,', '2024,60,fixture-spec,400,fixture-spec,140,'),
    );
    const port = await freePort();
    const result = await runCli('start', ['--root', root, '--port', port]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^ {2}data\/ changed since release /);
    expect(result.stderr).toMatch(/for a local look: npm start -- --preview \(releases are made after merge/);
    expect(existsSync(path.join(root, 'public'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1`)).rejects.toThrow();
    const preview = await runCli('start', ['--root', root, '--port', port, '--preview']);
    expect(preview.status, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/^built dataset \S+\+preview\.[0-9a-f]+ in \d+ ms \(full\).*\nserving /);
    expect(existsSync(path.join(root, 'public/api/v1/mirror.json'))).toBe(false);
  });

  it('refuses a wrong PORT before it builds anything', async () => {
    const root = project();
    const previous = process.env.PORT;
    process.env.PORT = '80a';
    try {
      const result = await runCli('start', ['--root', root]);
      expect(result).toEqual({
        status: 2,
        stdout: '',
        stderr: 'start: PORT must be a port number from 1 to 65535, got "80a"\n',
      });
    } finally {
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
    expect(existsSync(path.join(root, 'public'))).toBe(false);
  });

  it('stops serving, in one line, exit 1, when the exports and bundle cannot be written', async () => {
    const root = project();
    const port = await freePort();
    // A full disk once the bundle is written (build/write/fault-points.ts; the publishing thread reads it too).
    process.env.EV_BUILD_FAULT = 'enospc@bundle';
    let result;
    try {
      result = await runCli('start', ['--root', root, '--port', port]);
    } finally {
      delete process.env.EV_BUILD_FAULT;
    }
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^built dataset .*\nserving /);
    expect(result.stderr).toMatch(
      /^start: the tree was served, but its exports and mirror bundle could not be written, so the server stopped: a thread of the build failed: ENOSPC: no space left on device, write \(injected at bundle\)/,
    );
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1`)).rejects.toThrow();
    expect(existsSync(path.join(root, 'public/api/v1/mirror.json'))).toBe(false);
    expect(existsSync(path.join(root, '.public-build-state.json'))).toBe(false);
    // The release it served meanwhile is removed: nothing is left that public/ could link to.
    expect(readdirSync(path.join(root, '.public-releases'))).toEqual([]);
  });
});
