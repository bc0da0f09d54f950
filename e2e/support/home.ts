import { expect, type Page } from '@playwright/test';

/** The generated avatar in Home's profile mock-up. */
export const profileAvatar = (page: Page) =>
  page.getByRole('main').getByRole('img', { name: 'Robot avatar of the sample player' });

/** Opens Home and waits until the avatar's code has loaded and its image is decoded. */
export async function openHomeWithAvatar(page: Page) {
  await page.goto('/');
  const avatar = profileAvatar(page);
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(180);
  return avatar;
}

/**
 * Clicks Start Playing and returns the Featured Games heading's distance from the top of the
 * viewport, measured in the same task as the click: where an instant scroll has already arrived
 * and a smooth one has only begun.
 */
export const clickStartPlayingAndMeasureHeading = (page: Page) =>
  page.evaluate(() => {
    [...document.querySelectorAll('a')].find((link) => link.textContent === 'Start Playing')!.click();
    const heading = [...document.querySelectorAll('h2')].find((h2) => h2.textContent === 'Featured Games')!;
    return heading.getBoundingClientRect().top;
  });
