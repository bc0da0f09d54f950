import { profileAvatar } from '../support/home.ts';
import { expect, test } from '../support/fixtures.ts';
import { layoutShift } from '../support/layout-shift.ts';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

const avatarChunk = /\/RobotAvatarImage-[\w-]+\.js$/;

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width} px the page paints before the avatar code arrives, which then moves nothing (CLS on / ≤ 0.02)`, async ({
    page,
  }) => {
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
    await expect(page.getByRole('link', { name: 'Start Playing' })).toBeVisible();
    await expect(profileAvatar(page)).toHaveCount(0);
    // Bring the avatar's place into view, so any shift its arrival causes happens on screen.
    await page
      .getByRole('button', { name: 'Generate New Avatar' })
      .evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await page.evaluate(nextFrame);

    releaseAvatarCode();
    await expect
      .poll(() => profileAvatar(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(180);
    await page.evaluate(nextFrame);

    const { cls, moved } = await layoutShift(page);
    expect(cls, `layout shifts:\n${moved}`).toBeLessThanOrEqual(0.02);
  });
}
