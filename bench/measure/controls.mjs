// @ts-check
// The controls of a page that do nothing before its script runs: its server's HTML driven with
// scripts blocked, on a phone and on a desktop screen. A link goes where it points by itself. A
// button works if pressing it changes what the page shows (a dialog or popover opens, the address
// or scroll changes) or says it waits for the script (aria-disabled); else it does nothing.

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('@playwright/test').Page} Page */

const screens = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];

/** What a press can change, as one string. */
const shownState = (/** @type {Page} */ page) =>
  page.evaluate(() =>
    JSON.stringify({
      address: location.href,
      scroll: scrollY,
      dialogs: document.querySelectorAll('dialog[open]').length,
      popovers: document.querySelectorAll(':popover-open').length,
      details: document.querySelectorAll('details[open]').length,
      fullscreen: document.fullscreenElement !== null,
    }),
  );

const buttons = (/** @type {Page} */ page) =>
  page.locator('button:visible, input[type="submit"]:visible, summary:visible, [role="button"]:visible');

/**
 * @param {Browser} browser
 * @param {string} url
 * @returns {Promise<{ shown: number, idle: string[] }>} shown: links and buttons seen on either
 *   screen (by name); idle: the buttons that did nothing
 */
export async function controlsBeforeScript(browser, url) {
  const shown = new Set();
  const idle = new Set();
  for (const viewport of screens) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto(url);
    for (const link of await page.locator('a[href]:visible').all())
      shown.add(`link ${await link.getAttribute('href')} ${(await link.textContent())?.trim()}`);
    const count = await buttons(page).count();
    for (let index = 0; index < count; index += 1) {
      // Each button on the page as it arrived.
      await page.goto(url);
      const button = buttons(page).nth(index);
      const name = `button ${(await button.getAttribute('aria-label')) ?? (await button.textContent())?.trim()}`;
      shown.add(name);
      if ((await button.getAttribute('aria-disabled')) === 'true') continue;
      // In view first: the scroll a click makes to reach the button is not the button's doing.
      await button.scrollIntoViewIfNeeded();
      const before = await shownState(page);
      await button.click({ timeout: 5000 });
      await page.waitForTimeout(300);
      if ((await shownState(page)) === before) idle.add(name);
    }
    await context.close();
  }
  return { shown: shown.size, idle: [...idle] };
}
