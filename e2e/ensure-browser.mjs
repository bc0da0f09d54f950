// @ts-check
// Finds a Chromium for the end-to-end suite: installs Debian's headless shell when it runs as root
// and the shell is missing (it runs the suite on far less CPU than the full browser); otherwise any
// Chromium found will do.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { debianHeadlessShell, headlessChromiumExecutable } from '@nova/tooling/chromium';
import { ensureDebianPackages } from '@nova/tooling/debian-packages';

const hasBrowser = () => headlessChromiumExecutable() !== undefined || existsSync(chromium.executablePath());

if (process.argv[1] === fileURLToPath(import.meta.url) && (process.getuid?.() === 0 || !hasBrowser())) {
  try {
    ensureDebianPackages(
      [{ pkg: 'chromium-headless-shell', file: debianHeadlessShell }],
      'The end-to-end suite (or run "npx playwright install chromium-headless-shell")',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
