import { clickStartPlayingAndMeasureHeading, openHomeWithAvatar, profileAvatar } from '../support/home.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectColumns, gridColumnsByWidth } from '../support/games.ts';
import { pageTitle, titles } from '../support/site.ts';

// Home's sections, their order and words are the marketing slice's unit tests'.
test.describe('with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('Start Playing scrolls smoothly to the Featured Games heading, below the fixed header, and focuses it', async ({
    page,
  }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 2, name: 'Featured Games' });
    await expect(page.getByRole('link', { name: 'Start Playing' })).toBeInViewport();
    await expect(heading).not.toBeInViewport();

    // Right after the click a smooth scroll has only begun: the heading is still below the fold.
    expect(await clickStartPlayingAndMeasureHeading(page)).toBeGreaterThan(page.viewportSize()!.height);

    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport({ ratio: 1 });
    const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  });
});

test('Generate New Avatar draws a new robot that is still there after visiting /games and coming back', async ({
  page,
}) => {
  const avatar = await openHomeWithAvatar(page);
  const first = await avatar.getAttribute('src');
  expect(first).toMatch(/^data:image\/svg\+xml/);

  await page.getByRole('button', { name: 'Generate New Avatar' }).click();
  await expect(avatar).not.toHaveAttribute('src', first!);
  const generated = (await avatar.getAttribute('src'))!;

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Games' }).click();
  await expect(page).toHaveTitle(titles.games);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveTitle(titles.home);
  await expect(profileAvatar(page)).toHaveAttribute('src', generated);
});

test("every Play Now link opens its game's page", async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Featured Games' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const featured = await cards.evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('h3')!.textContent!,
      href: item.querySelector('a')!.getAttribute('href')!,
    })),
  );
  expect(featured.length).toBeGreaterThanOrEqual(3);

  for (const { title, href } of featured) {
    expect(href).toMatch(/^\/games\/[a-z0-9-]+$/);
    await page.goto('/');
    await page.getByRole('link', { name: `Play Now: ${title}` }).click();
    await expect(page).toHaveURL(href);
    await expect(page).toHaveTitle(pageTitle(title));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

for (const { width, columns } of gridColumnsByWidth) {
  test(`at ${width} px the featured games stand in ${columns} column${columns > 1 ? 's' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Featured Games' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expectColumns(cards, columns);
  });
}

test('the featured art, below the fold, loads once scrolled to', async ({ page }) => {
  await page.goto('/');
  const art = page.getByRole('region', { name: 'Featured Games' }).getByRole('img');
  await expect(art.first()).toBeAttached();
  await art.first().scrollIntoViewIfNeeded();
  const loaded = () =>
    art.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length);
  await expect.poll(loaded).toBe(await art.count());
});

test('View All Games opens the games collection', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'View All Games' }).click();
  await expect(page).toHaveURL('/games');
  await expect(page).toHaveTitle(titles.games);
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
    expect(new URL((await avatar.evaluate((image: HTMLImageElement) => image.currentSrc)) as string).hostname).toBe(
      'localhost',
    );
  }
});
