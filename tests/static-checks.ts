// `npm test`'s first step: the type check (tsc) and the linter (eslint) side by side, each output printed whole once
// both are done; exits 1 when either fails, so the tests run only on code that type-checks and lints clean.
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name: string) => path.join('node_modules', '.bin', name);

function run(name: string, command: string, args: string[]): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

const started = performance.now();
const results = await Promise.all([run('typecheck', bin('tsc'), ['--noEmit']), run('lint', bin('eslint'), ['.'])]);
for (const { name, code, output } of results) {
  if (output.trim() !== '') process.stdout.write(`${output.trimEnd()}\n`);
  process.stdout.write(`${name}: ${code === 0 ? 'clean' : `failed (exit ${code})`}\n`);
}
process.stdout.write(`static checks in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
