import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { watchForInjectedCode } from '../../support/injection.ts';
import { routes } from '../../support/site.ts';
import { stepEach } from '../../support/visit.ts';

// Addresses are matched as a visitor expects: case, a trailing slash and doubled slashes do not
// matter, and the shell puts the one canonical address in the address bar (all routes and game
// ids are lower case). Anything else shows the not-found page of the shell, or of the games slice
// for an unknown game id. Nothing from an address is ever shown as markup or run.

const hostileQuery = '?__proto__[polluted]=1&constructor[prototype][polluted]=1&q=<script>window.__pwned=1</script>';
const hostileFragment = '#<img src=x data-pwned onerror=window.__pwned=1>';

/** Other spellings of `path` that must show its page. */
const spellings = (path: string) =>
  [
    { kind: 'a trailing slash', url: `${path}/` },
    { kind: 'upper case', url: path.toUpperCase() },
    { kind: 'doubled slashes', url: path.replaceAll('/', '//') },
    { kind: 'a hostile query string', url: `${path}${hostileQuery}` },
    { kind: 'a hostile fragment', url: `${path}${hostileFragment}` },
    { kind: 'a 10,000-character query string', url: `${path}?q=${'a'.repeat(10_000)}` },
  ].filter(({ url }) => url !== path && url !== '//');

const pollutedPrototype = (page: Page) => page.evaluate(() => 'polluted' in {});

/** The layout answers: another page opens from the header. */
async function expectRestOfSiteWorks(page: Page, from: string) {
  const [link, title] = from === '/contact' ? ['Games', 'Games · Nova Reels'] : ['Contact', 'Contact · Nova Reels'];
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveTitle(title);
}

for (const { path, title } of routes) {
  test(`${path} in other spellings shows its page at its canonical address`, async ({ page, baseURL }) => {
    const expectNoInjectedCode = watchForInjectedCode(page);
    await stepEach(
      spellings(path),
      ({ kind }) => `with ${kind}`,
      async ({ url }) => {
        await page.goto(`${baseURL}${url}`);
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveURL((address) => address.pathname === path);
        expect(await pollutedPrototype(page), 'Object.prototype polluted').toBe(false);
        await expectNoInjectedCode();
        await expectRestOfSiteWorks(page, path);
      },
    );
  });
}

const strayAddresses = [
  { kind: 'a 10,000-character path', url: `/${'a'.repeat(10_000)}`, heading: 'Page Not Found' },
  { kind: 'a 10,000-character game id', url: `/games/${'a'.repeat(10_000)}`, heading: 'Game Not Found' },
  { kind: 'an encoded traversal as a game id', url: '/games/..%2F..%2Fetc%2Fpasswd', heading: 'Game Not Found' },
  {
    kind: 'an encoded traversal after a route',
    url: '/contact/..%2F..%2F..%2Fetc%2Fpasswd',
    heading: 'Page Not Found',
  },
  // The browser itself resolves %2e%2e as "..": this asks for /etc/passwd.
  { kind: 'encoded dot segments', url: '/games/%2e%2e/%2E%2E/etc/passwd', heading: 'Page Not Found' },
  { kind: 'encoded markup as a game id', url: '/games/%3Cscript%3Ealert(1)%3C%2Fscript%3E', heading: 'Game Not Found' },
  {
    kind: 'encoded markup as a path',
    url: '/%3Cimg%20src%3Dx%20data-pwned%20onerror%3Dalert(1)%3E',
    heading: 'Page Not Found',
  },
  { kind: 'a malformed percent-encoding', url: '/games/%E0%A4%A', heading: 'Game Not Found' },
  { kind: 'an encoded NUL', url: '/games/pug-life%00', heading: 'Game Not Found' },
  { kind: 'an unknown path in mixed case with a trailing slash', url: '/Nope/', heading: 'Page Not Found' },
  { kind: 'a game id with doubled slashes and upper case', url: '//GAMES//No-Such-Game//', heading: 'Game Not Found' },
] as const;

for (const heading of ['Page Not Found', 'Game Not Found'] as const) {
  test(`stray addresses show ${heading} inside the layout with status 404, nothing of them reflected as markup`, async ({
    page,
    baseURL,
  }) => {
    const expectNoInjectedCode = watchForInjectedCode(page);
    await stepEach(
      strayAddresses.filter((address) => address.heading === heading),
      ({ kind }) => kind,
      async ({ url }) => {
        const response = await page.goto(`${baseURL}${url}`);
        // An unknown address and an unknown game id alike: 404 (the games slice says the id names nothing).
        expect(response?.status()).toBe(404);
        await expect(page).toHaveTitle(`${heading} · Nova Reels`);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expectNoInjectedCode();

        await page
          .getByRole('main')
          .getByRole('link', { name: /^(Browse Games|Back to Games)$/ })
          .click();
        await expect(page).toHaveTitle('Games · Nova Reels');
      },
    );
  });
}
