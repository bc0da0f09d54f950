import type { Locator } from '@playwright/test';
import { clickStartPlayingAndMeasureHeading, openHomeWithAvatar, profileAvatar } from '../support/home.ts';
import { expect, test } from '../support/fixtures.ts';

const homeTitle = 'Nova Reels — Futuristic Social Casino Demos';

/** True when `first` comes before `second` in the document. */
const comesBefore = async (first: Locator, second: Locator) =>
  first.evaluate(
    (element, other) => Boolean(element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING),
    await second.elementHandle(),
  );

test('Home has its sections in order, each a region named by its heading', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(homeTitle);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(main.locator('section > :is(h1, h2)')).toHaveText([
    /Nova Reels/,
    'Sample Player Profile',
    'About Nova Reels',
    'Featured Games',
    'What Players Say',
    'Important Information',
  ]);
  for (const name of ['Sample Player Profile', 'About Nova Reels', 'Featured Games', 'What Players Say', 'Important Information']) {
    await expect(main.getByRole('region', { name })).toBeVisible();
  }
  const viewAll = main.getByRole('link', { name: 'View All Games' });
  expect(await comesBefore(main.getByRole('region', { name: 'Featured Games' }), viewAll)).toBe(true);
  expect(await comesBefore(viewAll, main.getByRole('region', { name: 'What Players Say' }))).toBe(true);
});

test.describe('with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('Start Playing scrolls smoothly to the Featured Games heading, below the fixed header, and focuses it', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 2, name: 'Featured Games' });
    await expect(page.getByRole('button', { name: 'Start Playing' })).toBeInViewport();
    await expect(heading).not.toBeInViewport();

    // Right after the click a smooth scroll has only begun: the heading is still below the fold.
    expect(await clickStartPlayingAndMeasureHeading(page)).toBeGreaterThan(page.viewportSize()!.height);

    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport({ ratio: 1 });
    const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  });
});

test('the profile mock-up is marked as a sample and shows its fixed figures', async ({ page }) => {
  await page.goto('/');
  const profile = page.getByRole('region', { name: 'Sample Player Profile' });
  await expect(profile).toContainText('It is not a real account.');
  await expect(profile.getByText('Level', { exact: true }).locator('+ dd')).toHaveText('42');
  await expect(profile.getByText('Virtual coins', { exact: true }).locator('+ dd')).toHaveText('25,000');
  const progress = profile.getByRole('progressbar', { name: 'Progress to level 43' });
  await expect(progress).toHaveAttribute('aria-valuenow', '70');
  await expect(profile).toContainText('High RollerWon 1M chips');
  await expect(profile).toContainText('Lucky Streak5 wins in a row');
});

test('Generate New Avatar draws a new robot that is still there after visiting /games and coming back', async ({ page }) => {
  const avatar = await openHomeWithAvatar(page);
  const first = await avatar.getAttribute('src');
  expect(first).toMatch(/^data:image\/svg\+xml/);

  await page.getByRole('button', { name: 'Generate New Avatar' }).click();
  await expect(avatar).not.toHaveAttribute('src', first!);
  const generated = (await avatar.getAttribute('src'))!;

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Games' }).click();
  await expect(page).toHaveTitle('Games · Nova Reels');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveTitle(homeTitle);
  await expect(profileAvatar(page)).toHaveAttribute('src', generated);
});

test("every Play Now link opens its game's page", async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Featured Games' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const featured = await cards.evaluateAll((items) =>
    items.map((item) => ({ title: item.querySelector('h3')!.textContent!, href: item.querySelector('a')!.getAttribute('href')! })),
  );
  expect(featured.length).toBeGreaterThanOrEqual(3);

  for (const { title, href } of featured) {
    expect(href).toMatch(/^\/games\/[a-z0-9-]+$/);
    await page.goto('/');
    await page.getByRole('link', { name: `Play Now: ${title}` }).click();
    await expect(page).toHaveURL(href);
    await expect(page).toHaveTitle(`${title} · Nova Reels`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

test('the featured art below the fold loads lazily, at a fixed 16:9 size', async ({ page }) => {
  await page.goto('/');
  const art = page.getByRole('region', { name: 'Featured Games' }).getByRole('img');
  await expect(art).toHaveCount(await page.getByRole('region', { name: 'Featured Games' }).getByRole('listitem').count());
  for (const image of await art.all()) {
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('height', '450');
  }
  await art.first().scrollIntoViewIfNeeded();
  await expect.poll(() => art.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
});

test('View All Games opens the games collection', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'View All Games' }).click();
  await expect(page).toHaveURL('/games');
  await expect(page).toHaveTitle('Games · Nova Reels');
});

test('What Players Say shows three testimonials: quote, name and a self-hosted avatar', async ({ page }) => {
  await page.goto('/');
  const figures = page.getByRole('region', { name: 'What Players Say' }).getByRole('figure');
  await expect(figures).toHaveCount(3);
  for (const figure of await figures.all()) {
    await expect(figure.locator('blockquote')).not.toBeEmpty();
    const name = (await figure.locator('figcaption').textContent())!;
    expect(name).not.toBe('');
    const avatar = figure.locator('figcaption').getByRole('img', { name: `Avatar of ${name}` });
    await avatar.scrollIntoViewIfNeeded();
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await avatar.evaluate((image: HTMLImageElement) => image.currentSrc)) as string).hostname).toBe('localhost');
  }
});

test('the Important Information notice states the ground rules', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Important Information' });
  await expect(notice).toContainText('virtual currency only');
  await expect(notice).toContainText('no real-money gambling');
  await expect(notice).toContainText('aged 18 or older');
  await expect(notice).toContainText('Play responsibly');
});
