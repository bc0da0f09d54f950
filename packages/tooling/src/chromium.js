// @ts-check
// The Chromium the e2e suite and the benchmarks drive: Debian's when installed.
import { existsSync } from 'node:fs';

/** Where Debian installs it. */
export const debianChromium = '/usr/bin/chromium';

/** Debian's chromium when present; otherwise undefined, so Playwright uses its own browser. */
export function chromiumExecutable() {
  return existsSync(debianChromium) ? debianChromium : undefined;
}
