// How the commands start: Node 24 runs the build's TypeScript natively (type stripping), and compiled code is kept in
// node_modules/.cache so a command (and each of its threads) starts faster the next time. package.json's scripts
// import this first: node --import <this> <file.ts>. An older Node is refused here in one line, before any TypeScript
// is read.
import module from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24 || !process.features.typescript) {
  process.stderr.write(
    `This project needs Node.js 24 LTS or later (this is ${process.version}): see the README's first lines.\n`,
  );
  process.exit(2);
}

// NODE_COMPILE_CACHE, when set, wins; an unwritable folder only means no cache. Set in the environment, the cache is
// also used by the threads (a build's helpers, the exports' SQLite thread) and child processes this one starts, which
// otherwise strip and compile every module of theirs again.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
  new URL('../../node_modules/.cache/node-compile-cache', import.meta.url),
);
module.enableCompileCache();
