import { expect, test } from '../support/fixtures.ts';

const transparent = 'rgba(0, 0, 0, 0)';
const dark = 'rgba(7, 11, 26, 0.94)';

test('the header is transparent up to 50 px of scroll and dark past it', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

  await expect(header).toHaveCSS('background-color', transparent);
  await scrollTo(60);
  await expect(header).toHaveCSS('background-color', dark);
  await scrollTo(40);
  await expect(header).toHaveCSS('background-color', transparent);
  await scrollTo(60);
  await expect(header).toHaveCSS('background-color', dark);
  await scrollTo(0);
  await expect(header).toHaveCSS('background-color', transparent);
});

test('the header stays fixed at the top while the page scrolls', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
  await expect.poll(() => page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().top)).toBe(0);
});

test("the current route's link is highlighted and marked aria-current", async ({ page }) => {
  await page.goto('/games');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = (name: string) => nav.getByRole('link', { name, exact: true });

  await expect(link('Games')).toHaveAttribute('aria-current', 'page');
  await expect(link('Games')).toHaveCSS('background-color', 'rgb(34, 211, 238)');
  await expect(link('Home')).not.toHaveAttribute('aria-current');
  await expect(link('Home')).toHaveCSS('background-color', transparent);

  await link('Contact').click();
  await expect(page).toHaveURL('/contact');
  await expect(link('Contact')).toHaveAttribute('aria-current', 'page');
  await expect(link('Games')).not.toHaveAttribute('aria-current');

  await link('Home').click();
  await expect(link('Home')).toHaveAttribute('aria-current', 'page');
  await expect(link('Contact')).not.toHaveAttribute('aria-current');
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button opens a panel with the main links and Login', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    const panel = page.locator('#mobile-menu');
    await expect(menu).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(['Home', 'Games', 'Contact']);
    await expect(panel.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('the panel closes when the route changes', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Games' }).click();
    await expect(page).toHaveURL('/games');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await page.goBack();
    await expect(page).toHaveURL('/terms-and-conditions');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('Escape closes the panel and returns focus to the menu button', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });

  test('Escape pressed the moment the panel opens closes it too', async ({ page }) => {
    await page.goto('/');
    // The click and the key in one task: before the browser's toggle event reaches React.
    await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>('[aria-controls="mobile-menu"]')?.click();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test("the panel's Login opens the dialog and focus comes back to it", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const login = page.locator('#mobile-menu').getByRole('button', { name: 'Login' });
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Sign-in is coming soon' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(login).toBeFocused();
  });
});

test('on a large screen there is no menu button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});

test('Login opens a dialog that says no account is needed; Escape and Close shut it', async ({ page }) => {
  await page.goto('/games');
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  const dialog = page.getByRole('dialog', { name: 'Sign-in is coming soon' });

  await login.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You don't need an account to play");
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();

  await login.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();
});
