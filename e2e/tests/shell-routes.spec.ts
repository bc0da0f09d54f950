import { expect, test } from '../support/fixtures.ts';
import { layoutShift } from '../support/layout-shift.ts';
import { routes, titles } from '../support/site.ts';
import { stepEach } from '../support/visit.ts';

test("every route renders its remote's page inside the layout, with its title", async ({ page }) => {
  await stepEach(
    routes,
    ({ path, title }) => `${path}, titled "${title}"`,
    async ({ path, title }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    },
  );
});

test('client-side navigation sets each page title', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Games' }).click();
  await expect(page).toHaveTitle(titles.games);
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveTitle(titles.contact);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveTitle(titles.terms);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveTitle(titles.home);
});

test('an unknown path shows the not-found page inside the layout, with status 404', async ({ page }) => {
  await stepEach(
    ['/nope', '/games/pug-life/extra', '/terms'],
    (path) => path,
    async (path) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(titles.notFound);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect(main).toContainText('404');
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    },
  );
});

test('the not-found page links to Home and Games', async ({ page }) => {
  await page.goto('/nope');
  await page.getByRole('main').getByRole('link', { name: 'Browse Games' }).click();
  await expect(page).toHaveTitle(titles.games);
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('after a client-side navigation focus moves to the new page heading and scroll returns to the top', async ({
  page,
}) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();

  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Privacy Policy' });
  await expect(heading).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

test('a fresh load of another page starts at the top, whatever the previous document scrolled to', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('main').getByRole('heading', { name: '9. Changes to Terms' })).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('main').getByRole('heading', { name: '8. Changes' })).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the first load leaves focus where the browser puts it', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).toBeFocused();
});

test('the skip link jumps to the main content', async ({ page }) => {
  await page.goto('/games');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

for (const { path, title } of routes) {
  test(`${path}: the layout does not shift when the remote page arrives (CLS ≤ 0.02)`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    // Settled: every image and frame loaded, and no loading state left (the game's demo included).
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    const { cls, moved } = await layoutShift(page);
    expect(cls, `layout shifts:\n${moved}`).toBeLessThanOrEqual(0.02);
  });
}
