import type { Page } from '@playwright/test';

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/**
 * The layout shifts since navigation that no recent input explains: their sum (the CLS) and,
 * for a failure message, what moved. Call it once the page has settled.
 */
export function layoutShift(page: Page): Promise<{ cls: number; moved: string }> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    // With `buffered`, every shift recorded so far is in the observer's buffer at once.
    const shifts = (observer.takeRecords() as LayoutShift[]).filter((shift) => !shift.hadRecentInput);
    observer.disconnect();
    const describe = (node: Node | null) =>
      node instanceof Element ? `<${node.localName}> ${node.textContent?.slice(0, 40)}` : String(node?.nodeName);
    return {
      cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
      moved: shifts
        .flatMap((shift) =>
          shift.sources.map(
            ({ node, previousRect: from, currentRect: to }) =>
              `${Math.round(shift.startTime)} ms, ${shift.value.toFixed(4)}: ${describe(node)} y ${Math.round(from.y)} → ${Math.round(to.y)}`,
          ),
        )
        .join('\n'),
    };
  });
}
