// Which Chromium the browser tests and the docs' screenshots drive: $CHROMIUM_PATH, else Debian's package (npm test
// installs it: tests/ensure-tools.sh), else the Chrome of GitHub's runners. No browser is ever downloaded.
import { existsSync } from 'node:fs';

export function chromiumPath(): string {
  const found = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("Chromium not found: npm test installs Debian's chromium package, or set CHROMIUM_PATH");
  return found;
}

/** Root (containers, CI) cannot use Chromium's sandbox. */
export const chromiumArgs = (): string[] => (process.getuid?.() === 0 ? ['--no-sandbox'] : []);
