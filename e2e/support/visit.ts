import { gamePath, routes as pages } from '@nova/contracts/routes';
import { expect, test, type Page } from '@playwright/test';
import { routes } from './site.ts';

/** Visits every route in one page load, moving by the site's own links (client-side). */
export async function visitEveryRouteByLinks(page: Page) {
  const title = (path: string) => routes.find((route) => route.path === path)!.title;
  const header = page.getByRole('navigation', { name: 'Main' });
  const footer = page.getByRole('contentinfo');

  await page.goto(pages.home.path);
  await expect(page).toHaveTitle(title(pages.home.path));
  await header.getByRole('link', { name: 'Games' }).click();
  await expect(page).toHaveTitle(title(pages.games.path));
  await page
    .getByRole('main')
    .locator(`a[href="${gamePath('pug-life')}"]`)
    .first()
    .click();
  await expect(page).toHaveTitle(title(gamePath('pug-life')));
  await header.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveTitle(title(pages.contact.path));
  await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveTitle(title(pages.terms.path));
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle(title(pages.privacy.path));
}

/**
 * Checks each of `items` in turn in the test's one tab, a step each: every address still loads a
 * document of its own, without a cold browser per address (what a test per address costs).
 */
export async function stepEach<T>(items: Iterable<T>, title: (item: T) => string, check: (item: T) => Promise<void>) {
  for (const item of items) await test.step(title(item), () => check(item));
}
