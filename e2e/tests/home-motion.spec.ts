import type { Page } from '@playwright/test';
import { clickStartPlayingAndMeasureHeading, openHomeWithAvatar } from '../support/home.ts';
import { expect, test } from '../support/fixtures.ts';

/** Every animation or transition running on the page, named by what it animates. */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty),
  );

test.describe('when the visitor prefers reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing animates, not even the avatar while it is hovered', async ({ page }) => {
    const avatar = await openHomeWithAvatar(page);
    expect(await runningAnimations(page)).toEqual([]);
    await avatar.hover();
    expect(await runningAnimations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Generate New Avatar' }).hover();
    expect(await runningAnimations(page)).toEqual([]);
  });

  test('Start Playing jumps to the Featured Games heading at once and focuses it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Playing' })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Featured Games' })).not.toBeInViewport();
    const top = await clickStartPlayingAndMeasureHeading(page);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(page.viewportSize()!.height / 2);
    await expect(page.getByRole('heading', { name: 'Featured Games' })).toBeFocused();
  });
});

test.describe('when motion is allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the avatar bobs while hovered, and only then', async ({ page }) => {
    const avatar = await openHomeWithAvatar(page);
    const avatarAnimations = () =>
      avatar.evaluate((image) => image.getAnimations().map((animation) => animation.playState));
    expect(await avatarAnimations()).toEqual([]);
    await avatar.hover();
    await expect.poll(avatarAnimations).toEqual(['running']);
    await page.getByRole('heading', { level: 1 }).hover();
    await expect.poll(avatarAnimations).toEqual([]);
  });
});
