// The system programs some tests drive, found where Debian puts them (npm test installs them when missing:
// tests/ensure-tools.sh): Chromium for the explorer and the docs' screenshots, nginx for the mirror. Never downloaded.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL_HINT = "npm test installs Debian's package when it is missing (tests/ensure-tools.sh)";

/**
 * $CHROMIUM_PATH, else Debian's chromium-headless-shell (the headless build playwright itself launches: a third of the
 * full browser's CPU time, which spends it on a UI no test sees), else Debian's full chromium, else the Chrome of
 * GitHub's runners.
 */
export function chromiumPath(): string {
  const found = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error(`Chromium not found: ${INSTALL_HINT}, or set CHROMIUM_PATH`);
  return found;
}

/** Root (containers, CI) cannot use Chromium's sandbox. */
export const chromiumArgs = (): string[] => (process.getuid?.() === 0 ? ['--no-sandbox'] : []);

/** $NGINX_PATH, else nginx on the PATH, else Debian's /usr/sbin/nginx (not on a user's PATH). */
export function nginxPath(): string {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
    throw new Error(`nginx not found: ${INSTALL_HINT}, or set NGINX_PATH`);
  }
}
