import { profileAvatar } from '../support/home.ts';
import { expect, test } from '../support/fixtures.ts';

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/** The layout shifts since navigation that no recent input explains: their sum, and what moved. */
function layoutShifts() {
  const observer = new PerformanceObserver(() => {});
  observer.observe({ type: 'layout-shift', buffered: true });
  // With `buffered`, the shifts recorded so far are in the observer's buffer at once.
  const shifts = (observer.takeRecords() as LayoutShift[]).filter((shift) => !shift.hadRecentInput);
  observer.disconnect();
  const describe = (node: Node | null) =>
    node instanceof Element ? `<${node.localName}> ${node.textContent?.slice(0, 40)}` : String(node?.nodeName);
  return {
    cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
    moved: shifts.flatMap((shift) =>
      shift.sources.map(({ node, previousRect: from, currentRect: to }) =>
        `${Math.round(shift.startTime)} ms, ${shift.value.toFixed(4)}: ${describe(node)} y ${Math.round(from.y)} → ${Math.round(to.y)}`,
      ),
    ),
  };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

const avatarChunk = /\/RobotAvatarImage-[\w-]+\.js$/;

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width} px the page paints before the avatar code arrives, which then moves nothing (CLS on / ≤ 0.02)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift'))).toBe(true);

    // Hold the avatar's chunk back until the rest of the page has painted.
    let releaseAvatarCode = () => {};
    const avatarCodeHeld = new Promise<void>((resolve) => (releaseAvatarCode = resolve));
    await page.route(avatarChunk, async (route) => {
      await avatarCodeHeld;
      await route.continue();
    });
    const avatarCodeRequested = page.waitForRequest(avatarChunk);

    await page.goto('/');
    await avatarCodeRequested;
    await expect(page.getByRole('button', { name: 'Start Playing' })).toBeVisible();
    await expect(profileAvatar(page)).toHaveCount(0);
    // Bring the avatar's place into view, so any shift its arrival causes happens on screen.
    await page.getByRole('button', { name: 'Generate New Avatar' }).evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await page.evaluate(nextFrame);

    releaseAvatarCode();
    await expect.poll(() => profileAvatar(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(180);
    await page.evaluate(nextFrame);

    const { cls, moved } = await page.evaluate(layoutShifts);
    console.log(`CLS on / at ${viewport.width} px, the avatar arriving after the first paint: ${cls.toFixed(4)}`);
    expect(cls, `layout shifts:\n${moved.join('\n')}`).toBeLessThanOrEqual(0.02);
  });
}
