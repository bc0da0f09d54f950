import { test as base, expect } from '@playwright/test';
import { gameDemoBaseUrl } from './site.ts';

interface Options {
  /** True in suites that break the site on purpose and so expect errors in the console. */
  allowConsoleErrors: boolean;
}

/**
 * The suite's `test`: the game provider (unreachable here) is stubbed at the browser's
 * network layer, and any uncaught page error or console error fails the test.
 */
export const test = base.extend<Options>({
  allowConsoleErrors: [false, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    await page.context().route(`${gameDemoBaseUrl.origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Demo game</title><p>Demo game stub</p>',
      }),
    );
    await use(page);
    if (!allowConsoleErrors) expect(errors, 'page errors and console errors').toEqual([]);
  },
});

export { expect };
