import type { Page } from '@playwright/test';

/** Starts summing layout shifts (those without recent input) from the first paint on. */
export async function observeLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShift: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The cumulative layout shift so far (call after the page has settled). */
export function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total);
}
