// The server figure for `npm run bench`: the local server with every rule and the limiter counting (its limit lifted
// so that answers stay 200) against plain http-server, same tree, same load (autocannon).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import fg from 'fast-glob';
import type { Figures } from './figures.ts';
import { RUN_TYPESCRIPT } from './measure-builds.ts';

async function serve(command: string[], port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { stdio: 'ignore', env: { ...process.env, PORT: String(port) } });
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  throw new Error(`server on ${port} did not start`);
}

async function load(port: number, paths: string[], seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

export async function measureServers(
  figures: Figures,
  publicDir: string,
  seconds: number,
  alsoOnTheTree: (projectRoot: string) => Promise<void> = async () => {},
): Promise<void> {
  const edgeFiles = fg.sync('api/v1/_data/edges/*/*/*.json', { cwd: publicDir }).sort().slice(0, 200);
  const publicPaths = edgeFiles.map((f) => {
    const [, , , , region, vehicle, charger] = f.replace(/\.json$/, '').split('/');
    return `/api/v1/compatibility/${vehicle}/${charger}?region=${region}`;
  });
  const projectRoot = mkdtempSync(path.join(os.tmpdir(), 'ev-bench-server-'));
  execFileSync('ln', ['-s', publicDir, path.join(projectRoot, 'public')]);
  execFileSync('cp', ['netlify.toml', projectRoot]);
  const servers: ChildProcess[] = [];
  try {
    servers.push(
      await serve([...RUN_TYPESCRIPT, 'build/cli/serve.ts', '--dir', projectRoot, '--no-rate-limit'], 18101),
    );
    servers.push(
      await serve(
        ['node_modules/http-server/bin/http-server', publicDir, '-p', '18102', '-a', '127.0.0.1', '-s'],
        18102,
      ),
    );
    const ours = await load(18101, publicPaths, seconds);
    const plain = await load(
      18102,
      edgeFiles.map((f) => `/${f}`),
      seconds,
    );
    figures.report(
      'local server, all rules (10 connections)',
      `${ours.rps.toFixed(0)} req/s, p99 ${ours.p99} ms, non-2xx ${ours.non2xx}`,
    );
    figures.report(
      'plain http-server, same files',
      `${plain.rps.toFixed(0)} req/s, p99 ${plain.p99} ms, non-2xx ${plain.non2xx}`,
    );
    figures.report('local server ÷ http-server', (ours.rps / plain.rps).toFixed(2), {
      atLeast: 1.2,
      actual: ours.rps / plain.rps,
      text: 'target ≥ 1.2',
    });
    await alsoOnTheTree(projectRoot);
  } finally {
    for (const server of servers) server.kill();
    rmSync(projectRoot, { recursive: true, force: true });
  }
}
