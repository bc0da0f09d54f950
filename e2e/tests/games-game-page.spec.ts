import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { shippedRemotes } from '../support/deployments.ts';
import { expect, test } from '../support/fixtures.ts';
import { gameCards } from '../support/games.ts';
import { gate } from '../support/gate.ts';
import { demoIn } from '../support/provider.ts';
import { gameDemoBaseUrl, pageTitle, titles } from '../support/site.ts';
import type { Page } from '@playwright/test';

const provider = gameDemoBaseUrl.origin;
const demoFrame = (page: Page, title = 'Pug Life') => page.getByTitle(`${title} demo`);

// Each game's title, copy, launch parameters and how-to-play steps are the games slice's and the
// catalogue's unit tests'; this suite checks the page in the composed site against the real provider.
test('a spinner is announced while the game page loads on the way from the collection, then the game', async ({
  page,
}) => {
  const release = gate();
  // Hold the games slice's page module: what a slow network does to the first game a visitor opens.
  const pageModule = /\/assets\/GamePage-[\w-]+\.js$/;
  await page.route(pageModule, async (route) => {
    await release.opened;
    await route.continue();
  });
  await page.goto('/games');
  const held = page.waitForRequest(pageModule);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Pug Life/ })
    .first()
    .click();
  await held;
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();

  release.open();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Pug Life');
});

test("the frame loads the game's demo address from the provider the deployment names", async ({ page }) => {
  const frameRequest = page.waitForRequest(
    (request) => request.url().startsWith(provider) && request.frame() !== page.mainFrame(),
  );
  await page.goto('/games/forest-fortune');
  const src = new URL((await demoFrame(page, 'Forest Fortune').getAttribute('src'))!);
  expect(src.origin + src.pathname).toBe(gameDemoBaseUrl.origin + gameDemoBaseUrl.pathname);
  expect((await frameRequest).url()).toBe(src.href);
  await expect(demoIn(page, 'Forest Fortune').getByRole('heading', { level: 1 })).toHaveText('Forest Fortune');
});

test("the frame is allowed exactly what the server's Permissions-Policy delegates to the provider, and keeps a 16:9 box", async ({
  page,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const response = await page.goto('/games/pug-life');
    const permissionsPolicy = response!.headers()['permissions-policy']!;
    const delegated = permissionsPolicy
      .split(',')
      .map((directive) => directive.trim())
      .filter((directive) => directive.includes(`"${provider}"`))
      .map((directive) => directive.slice(0, directive.indexOf('=')));
    const frame = demoFrame(page);
    const allow = (await frame.getAttribute('allow'))!.split(';').map((feature) => feature.trim());
    expect(allow.length).toBeGreaterThan(0);
    expect(allow.sort()).toEqual(delegated.sort());
    await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    const box = (await frame.boundingBox())!;
    expect(box.width).toBeGreaterThan(width / 2);
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.01);
  }
});

test('a loading state shows until the demo has loaded', async ({ page }) => {
  const release = gate();
  // Hold the provider's launcher: what a slow provider does.
  await page.route(`${provider}/launch?*`, async (route) => {
    await release.opened;
    await route.continue();
  });
  // Not until load: the held frame holds the document's load.
  await page.goto('/games/undead-fortune', { waitUntil: 'domcontentloaded' });
  const loading = page.getByRole('main').getByRole('status');
  await expect(loading).toHaveText('Loading the demo…');
  await expect(demoFrame(page, 'Undead Fortune')).toBeAttached();

  release.open();
  await expect(demoIn(page, 'Undead Fortune').getByRole('heading', { level: 1 })).toHaveText('Undead Fortune');
  await expect(loading).toBeHidden();
});

test('the provider is the only third party the page contacts, and the CSP frame-src allows exactly it', async ({
  page,
}) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const response = await page.goto('/games/time-spinners');
  await expect(demoIn(page, 'Time Spinners').getByRole('heading', { level: 1 })).toHaveText('Time Spinners');
  await page.getByRole('region', { name: 'Similar Games' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Similar Games' }).getByRole('img').last()).toHaveJSProperty(
    'complete',
    true,
  );

  const portal = new Set([
    new URL(page.url()).origin,
    ...Object.values(shippedRemotes).map((entry) => new URL(entry).origin),
  ]);
  const thirdParties = [...origins].filter((origin) => !portal.has(origin));
  expect(thirdParties).toEqual([provider]);
  const policy = response!.headers()['content-security-policy']!;
  const frameSrc = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'frame-src');
  expect(frameSrc).toEqual(['frame-src', provider]);
});

test.describe('Play Full Screen', () => {
  test('asks the browser to show the frame full screen', async ({ page }) => {
    await page.addInitScript(() => {
      const requests: string[] = [];
      const original = Element.prototype.requestFullscreen;
      Element.prototype.requestFullscreen = function (this: Element, options?: FullscreenOptions) {
        requests.push(`${this.tagName} ${this.getAttribute('title')}`);
        return original.call(this, options);
      };
      Object.assign(window, { fullscreenRequests: requests });
    });
    await page.goto('/games/alpha-eagle');
    await page.getByRole('button', { name: 'Play Full Screen' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { fullscreenRequests: string[] }).fullscreenRequests))
      .toEqual(['IFRAME Alpha Eagle demo']);
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('title')))
      .toBe('Alpha Eagle demo');
  });

  test('is not offered where the browser does not support full screen', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { configurable: true, get: () => false });
    });
    await page.goto('/games/alpha-eagle');
    await expect(demoFrame(page, 'Alpha Eagle')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to Play' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Full Screen' })).toHaveCount(0);
  });
});

test('a similar game opens its own page, with the focus on its heading and its own demo', async ({ page }) => {
  await page.goto('/games/time-spinners');
  const similar = gameCards(page.getByRole('region', { name: 'Similar Games' }));
  await similar.getByRole('link', { name: 'Play Undead Fortune' }).click();
  await expect(page).toHaveURL('/games/undead-fortune');
  await expect(page).toHaveTitle(pageTitle('Undead Fortune'));
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(demoFrame(page, 'Undead Fortune')).toHaveAttribute('src', /gameCode=undead_fortune/);
});

test('Back to Games returns to the collection', async ({ page }) => {
  await page.goto('/games/pug-life');
  await page.getByRole('main').getByRole('link', { name: 'Back to Games' }).click();
  await expect(page).toHaveURL('/games');
  await expect(page).toHaveTitle(titles.games);
});

for (const viewport of [
  { width: 800, height: 900 },
  { width: 1280, height: 800 },
]) {
  test(`a game page at ${viewport.width} px, frame loaded, has no serious or critical axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/games/forest-fortune');
    await expect(demoIn(page, 'Forest Fortune').getByRole('heading', { level: 1 })).toHaveText('Forest Fortune');
    await expectNoSeriousA11yViolations(page);
  });
}
