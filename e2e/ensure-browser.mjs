// @ts-check
// Finds a Chromium for the end-to-end suite, installing Debian's when there is none.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const debianChromium = '/usr/bin/chromium';

/** Debian's chromium when present; otherwise undefined, so Playwright uses its own browser. */
export function chromiumExecutable() {
  return existsSync(debianChromium) ? debianChromium : undefined;
}

function hasBrowser() {
  return chromiumExecutable() !== undefined || existsSync(chromium.executablePath());
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !hasBrowser()) {
  if (process.getuid?.() !== 0) {
    console.error(
      'No Chromium found. Install Debian\'s (apt-get install -y chromium) or run "npx playwright install chromium".',
    );
    process.exit(1);
  }
  console.log("No Chromium found: installing Debian's chromium package.");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
}
