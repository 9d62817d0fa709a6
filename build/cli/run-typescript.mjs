// How the commands start: the build's TypeScript runs natively where Node strips types (Node 22.18 and later, Node 24),
// else (Node 20) through tsx's loader, registered here; and, where Node has one (22.1 and later), compiled code is kept
// in node_modules/.cache so a command starts faster the next time. package.json's scripts import this first:
// node --import <this> <file.ts>.
import module from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

// NODE_COMPILE_CACHE, when set, wins; an unwritable folder only means no cache.
module.enableCompileCache?.(fileURLToPath(new URL('../../node_modules/.cache/node-compile-cache', import.meta.url)));

if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
