// @ts-check
// The Chromium the e2e suite and the benchmarks drive: Debian's when installed.
import { existsSync } from 'node:fs';

/** Where Debian installs Chromium. */
export const debianChromium = '/usr/bin/chromium';

/**
 * Where Debian installs Chromium's headless shell: the same engine without a window, which
 * Playwright itself runs for headless tests. A page load costs it about 40 % of the CPU the full
 * browser spends (24 against 61 CPU-seconds for 15 loads to hydration, here).
 */
export const debianHeadlessShell = '/usr/bin/chromium-headless-shell';

/** Debian's chromium when present; otherwise undefined, so Playwright uses its own browser. */
export function chromiumExecutable() {
  return existsSync(debianChromium) ? debianChromium : undefined;
}

/**
 * For tests that need no window (the e2e suite, the byte budget): Debian's headless shell, else
 * what `chromiumExecutable` finds. Lighthouse measures the full browser a visitor has.
 */
export function headlessChromiumExecutable() {
  return existsSync(debianHeadlessShell) ? debianHeadlessShell : chromiumExecutable();
}
