// The build lock: a second build of one checkout is refused in one line; a killed build's lock is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireBuildLock, BuildLocked, lockFile } from '../../build/write/build-lock.ts';
import { runCli } from '../helpers/cli.ts';
import { copyBuiltFixture } from '../helpers/fixture.ts';

const publicOf = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'ev-lock-')), 'public');

/** The pid of a process that has exited (and so is no longer alive). */
function deadPid(): number {
  return Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
  );
}

describe('acquireBuildLock', () => {
  it('refuses a second holder while the first is alive, naming its pid, and is free again once released', () => {
    const publicDir = publicOf();
    const release = acquireBuildLock(publicDir);
    expect(readFileSync(lockFile(publicDir), 'utf8')).toBe(`${process.pid}\n`);
    expect(() => acquireBuildLock(publicDir)).toThrow(new BuildLocked(publicDir, process.pid));
    expect(() => acquireBuildLock(publicDir)).toThrow(
      `another build (pid ${process.pid}) is writing public/; wait for it or remove .public-lock if it is not running`,
    );
    release();
    expect(existsSync(lockFile(publicDir))).toBe(false);
    acquireBuildLock(publicDir)();
  });

  it('takes over the lock of a process that is no longer alive, and one that names no pid', () => {
    for (const stale of [`${deadPid()}\n`, '']) {
      const publicDir = publicOf();
      writeFileSync(lockFile(publicDir), stale);
      const release = acquireBuildLock(publicDir);
      expect(readFileSync(lockFile(publicDir), 'utf8')).toBe(`${process.pid}\n`);
      release();
    }
  });
});

describe('npm run build while another build of the checkout runs', () => {
  it('exits 1 in one line and changes nothing', async () => {
    const root = await copyBuiltFixture('enforce');
    const publicDir = path.join(root, 'public');
    const target = readFileSync(path.join(publicDir, 'api/v1/_data/index.json'));
    const release = acquireBuildLock(publicDir);
    try {
      const result = await runCli('build', ['--root', root, '--full']);
      expect(result).toEqual({
        status: 1,
        stdout: '',
        stderr: `build: another build (pid ${process.pid}) is writing public/; wait for it or remove .public-lock if it is not running\n`,
      });
    } finally {
      release();
    }
    expect(readFileSync(path.join(publicDir, 'api/v1/_data/index.json'))).toEqual(target);
    expect((await runCli('build', ['--root', root])).status).toBe(0);
  });
});
