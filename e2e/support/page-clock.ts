import { expect, type Locator, type Page } from '@playwright/test';

/** Installs the page's fake clock, standing still: from now on only the test moves page time. */
export async function stopPageTime(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
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
