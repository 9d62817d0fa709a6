// `npm run nginx-config -- <folder> [--listen <address:port>]`: prints an nginx configuration that serves a mirror
// folder (or this project) with the routes and headers of its netlify.toml; its limits are listed at its top.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { folder, text } from './argument-kinds.ts';
import { defineCommand, runAsProgram, UsageError } from './command.ts';

export const command = defineCommand(
  {
    name: 'nginx-config',
    summary:
      'Prints an nginx configuration that serves a mirror folder (or this project) with the routes and headers of ' +
      'its own netlify.toml; its header lists what nginx cannot express.',
    arguments: [
      { name: 'folder', description: 'a mirror or project folder (netlify.toml and public/)', value: folder },
    ],
    options: {
      listen: {
        description: 'the address and port nginx listens on',
        value: text('address:port'),
        default: '127.0.0.1:8080',
      },
    },
    examples: ['npm run --silent nginx-config -- /srv/ev-mirror --listen 0.0.0.0:8080 > ev-mirror.conf'],
  },
  async ({ options, arguments: { folder: given } }, output) => {
    const root = path.resolve(given);
    if (!existsSync(path.join(root, 'netlify.toml')) || !existsSync(path.join(root, 'public')))
      throw new UsageError(`${root} is not a mirror or project folder (it needs netlify.toml and public/)`);
    const [{ nginxConfig }, { loadNetlifyConfig }] = await Promise.all([
      import('../mirror/nginx-config.ts'),
      import('../serve/netlify-config.ts'),
    ]);
    output.out(
      nginxConfig(await loadNetlifyConfig(path.join(root, 'netlify.toml')), {
        folder: root,
        listen: options.listen,
      }).trimEnd(),
    );
  },
);

await runAsProgram(import.meta.url, command);
