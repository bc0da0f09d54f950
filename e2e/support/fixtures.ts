import { test as base, expect } from '@playwright/test';

interface Options {
  /** True in suites that break the site on purpose and so expect errors in the console. */
  allowConsoleErrors: boolean;
}

/**
 * The suite's `test`: any uncaught page error or console error fails the test, including those
 * inside the game frame (the demo provider is same-site, so its frame reports to the page).
 */
export const test = base.extend<Options>({
  allowConsoleErrors: [false, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // An unknown address's document comes with status 404, which the browser reports.
      const documentNotFound = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
      if (message.type() === 'error' && !documentNotFound) errors.push(`console: ${message.text()}`);
    });
    await use(page);
    if (!allowConsoleErrors) expect(errors, 'page errors and console errors').toEqual([]);
  },
});

export { expect };
