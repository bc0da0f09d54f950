import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Stops page time, a moment ahead of where it is: from then on only the test moves it. Before the
 * page loads, its fake clock is installed first, so that every timer of the page is the clock's;
 * a test that loads the page with the clock running installs it itself (`page.clock.install()`).
 */
export async function stopPageTime(page: Page) {
  const beforeLoad = page.url() === 'about:blank';
  if (beforeLoad) await page.clock.install();
  const pageNow = beforeLoad ? Date.now() : await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 5_000);
}

/**
 * Moves page time forward in small steps until `locator` shows; returns how much page time that
 * took. (React reveals suspended content on a timer, so the page needs time to move to show anything.)
 */
export const advanceUntilVisible = (page: Page, locator: Locator, stepMs = 250) =>
  advanceUntil(page, () => expect(locator).toBeVisible({ timeout: 100 }), stepMs);

/** Moves page time forward in small steps until `locator` has gone; returns how much page time that took. */
export const advanceUntilHidden = (page: Page, locator: Locator, stepMs = 250) =>
  advanceUntil(page, () => expect(locator).toBeHidden({ timeout: 100 }), stepMs);

/** Steps page time on, giving the page a moment to render after each step, until `holds` passes. */
async function advanceUntil(page: Page, holds: () => Promise<void>, stepMs: number) {
  let pageTime = 0;
  await expect(async () => {
    await page.clock.runFor(stepMs);
    pageTime += stepMs;
    await holds();
  }).toPass({ intervals: [0], timeout: 60_000 });
  return pageTime;
}
