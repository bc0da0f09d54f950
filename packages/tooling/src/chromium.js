// @ts-check
// The Chromium the e2e suite and the benchmarks drive: Debian's when installed (system-tools.js),
// else Playwright's own where a machine has it; else a message saying which step installs one.
import { existsSync } from 'node:fs';
import { isInstalled, systemProgram, systemTools } from './system-tools.js';

/**
 * The browser a window-less test runs (the e2e suite, the byte budget, bench/measure's tests):
 * Debian's headless shell, else Debian's full Chromium, else Playwright's own.
 * @param {string} playwrightsOwn where Playwright keeps its own (`chromium.executablePath()`)
 */
export function headlessChromium(playwrightsOwn) {
  if (isInstalled('chromiumHeadlessShell')) return systemTools.chromiumHeadlessShell.program;
  return fullChromium(playwrightsOwn, 'chromiumHeadlessShell');
}

/**
 * The full browser a visitor has, which Lighthouse measures (`pnpm bench`): Debian's Chromium,
 * else Playwright's own.
 * @param {string} playwrightsOwn
 * @param {'chromium' | 'chromiumHeadlessShell'} [wanted] the package the message names when there is none
 */
export function fullChromium(playwrightsOwn, wanted = 'chromium') {
  if (isInstalled('chromium')) return systemTools.chromium.program;
  if (existsSync(playwrightsOwn)) return playwrightsOwn;
  return systemProgram(wanted);
}
