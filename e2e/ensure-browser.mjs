// @ts-check
// Finds a Chromium for the end-to-end suite, installing Debian's when there is none.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureDebianPackages } from '@nova/tooling/debian-packages';

const debianChromium = '/usr/bin/chromium';

/** Debian's chromium when present; otherwise undefined, so Playwright uses its own browser. */
export function chromiumExecutable() {
  return existsSync(debianChromium) ? debianChromium : undefined;
}

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
