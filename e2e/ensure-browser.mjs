// @ts-check
// Finds a Chromium for the end-to-end suite, installing Debian's when there is none.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumExecutable, debianChromium } from '@nova/tooling/chromium';
import { ensureDebianPackages } from '@nova/tooling/debian-packages';

function hasBrowser() {
  return chromiumExecutable() !== undefined || existsSync(chromium.executablePath());
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !hasBrowser()) {
  try {
    ensureDebianPackages(
      [{ pkg: 'chromium', file: debianChromium }],
      'The end-to-end suite (or run "npx playwright install chromium")',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
