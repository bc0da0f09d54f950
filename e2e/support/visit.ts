import { expect, type Page } from '@playwright/test';
import { routes } from './site.ts';

/** Visits every route in one page load, moving by the site's own links (client-side). */
export async function visitEveryRouteByLinks(page: Page) {
  const title = (path: string) => routes.find((route) => route.path === path)!.title;
  const header = page.getByRole('navigation', { name: 'Main' });
  const footer = page.getByRole('contentinfo');

  await page.goto('/');
  await expect(page).toHaveTitle(title('/'));
  await header.getByRole('link', { name: 'Games' }).click();
  await expect(page).toHaveTitle(title('/games'));
  await page.getByRole('main').locator('a[href="/games/pug-life"]').first().click();
  await expect(page).toHaveTitle(title('/games/pug-life'));
  await header.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveTitle(title('/contact'));
  await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveTitle(title('/terms-and-conditions'));
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle(title('/privacy-policy'));
}
