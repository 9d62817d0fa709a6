// How the commands run the build's TypeScript: natively where Node strips types (Node 22.18 and later, Node 24), else
// (Node 20) through tsx's loader, registered here. package.json's scripts import this first: node --import <this> <file.ts>.
import process from 'node:process';

if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
