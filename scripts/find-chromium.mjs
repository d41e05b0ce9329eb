import { existsSync } from 'node:fs';

/** Debian's Chromium (the only browser these machines can install), or CHROME_PATH. */
export function findChromium() {
  for (const candidate of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}
