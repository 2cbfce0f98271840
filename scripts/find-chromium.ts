/**
 * Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, then Playwright's own browser, then the
 * system's. When there is none it gets one — Debian's package when run as root, else Playwright's
 * download where the network allows it — or stops with a message saying how.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const systemPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function located(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here.
  }
  return systemPaths.find((path) => existsSync(path));
}

export function findChromium(): string {
  const found = located();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian\'s chromium package…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    try {
      execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    } catch {
      // No network for the download: the message below says what to do.
    }
  }
  const installed = located();
  if (installed) return installed;
  console.error(
    'No Chromium for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`; ' +
      'elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(findChromium());
