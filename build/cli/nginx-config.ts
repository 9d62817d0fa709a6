// `npm run nginx-config -- <folder> [--listen <address:port>]`: prints an nginx configuration that serves a mirror
// folder (or this project) with the routes and headers of its netlify.toml; its limits are listed at its top.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CommandError, parseCommandLine, runAsProgram, type Command } from './command.ts';

export const nginx: Command = async (args, output) => {
  const { values, positionals } = parseCommandLine(
    args,
    'npm run nginx-config -- <folder> [--listen <address:port>]',
    { listen: { type: 'string', default: '127.0.0.1:8080' } },
    { min: 1, max: 1 },
  );
  const folder = path.resolve(positionals[0]!);
  if (!existsSync(path.join(folder, 'netlify.toml')) || !existsSync(path.join(folder, 'public')))
    throw new CommandError(`${folder} is not a mirror or project folder (it needs netlify.toml and public/)`);
  const [{ nginxConfig }, { loadNetlifyConfig }] = await Promise.all([
    import('../mirror/nginx-config.ts'),
    import('../serve/netlify-config.ts'),
  ]);
  output.out(
    nginxConfig(await loadNetlifyConfig(path.join(folder, 'netlify.toml')), {
      folder,
      listen: values.listen,
    }).trimEnd(),
  );
};

await runAsProgram(import.meta.url, 'nginx-config', nginx);
