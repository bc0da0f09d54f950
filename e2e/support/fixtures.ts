import { test as base, expect, type Page } from '@playwright/test';
import { dataBlockId } from './data-block.ts';

interface Options {
  /** True in suites that break the site on purpose and so expect errors in the console. */
  allowConsoleErrors: boolean;
}

/**
 * Until React owns what the server rendered (shell/document/data-block.js): the remote page's
 * nodes when its fragment was sent, else the shell's. A page the server did not compose, or whose
 * shell does not start (a fault under test), is not waited for beyond the expect timeout.
 */
export async function untilServerHtmlHydrated(page: Page) {
  await page
    .waitForFunction(
      (dataBlockId) => {
        const data = document.getElementById(dataBlockId)?.textContent;
        if (!data) return true;
        const slot = (JSON.parse(data) as { slot: string }).slot;
        const node = document.querySelector(slot === 'fragment' ? '[data-slot] > :not(style)' : '#root > :not(style)');
        return !node || Object.keys(node).some((key) => key.startsWith('__reactFiber'));
      },
      dataBlockId,
      { polling: 50, timeout: 15_000 },
    )
    .catch(() => undefined);
}

/**
 * Every uncaught error and console error a page meets from now on, but the browser's report of a
 * document answered 404 (an unknown address's, as Not Found pages are).
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const documentNotFound =
      message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if (message.type() === 'error' && !documentNotFound) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * The suite's `test`: any uncaught page error or console error fails the test, including those
 * inside the game frame (the demo provider is same-site, so its frame reports to the page).
 * `page.goto` and `page.reload` return once the server's HTML has hydrated, as a visitor's
 * first interaction would wait for.
 */
export const test = base.extend<Options>({
  allowConsoleErrors: [false, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors = pageErrors(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      // A test that asks for the document as it arrives gets it so.
      if (args[1]?.waitUntil !== 'commit') await untilServerHtmlHydrated(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilServerHtmlHydrated(page);
      return response;
    };
    await use(page);
    if (!allowConsoleErrors) expect(errors, 'page errors and console errors').toEqual([]);
  },
});

export { expect };
