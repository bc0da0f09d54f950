import type { Page } from '@playwright/test';

/** Stops the page's fake clock just ahead of its own time; from then on only the test moves time. */
export async function stopClock(page: Page) {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 5_000);
}
