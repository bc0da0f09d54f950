import { expect, test } from '../support/fixtures.ts';
import { layoutShift } from '../support/layout-shift.ts';
import { expectColumns, gameCards, gridColumnsByWidth } from '../support/games.ts';
import { pageTitle } from '../support/site.ts';

// What the collection lists, in which order and words, is the games slice's unit tests'.
test("a card's Play link opens that game's page", async ({ page }) => {
  await page.goto('/games');
  await page.getByRole('link', { name: 'Play Alpha Eagle' }).click();
  await expect(page).toHaveURL('/games/alpha-eagle');
  await expect(page).toHaveTitle(pageTitle('Alpha Eagle'));
});

test('a card lifts under the pointer, and stays lifted with the pointer on its lower edge', async ({ page }) => {
  await page.goto('/games');
  const card = page.getByRole('main').getByRole('article').first();
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 1);
  // Frame after frame (the lift's transition runs, then rests), the card stays hovered and lifted.
  const frames = await card.evaluate(
    (article) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const look = () => {
          seen.push(`${article.matches(':hover')} ${getComputedStyle(article.firstElementChild!).transform}`);
          if (seen.length < 30) requestAnimationFrame(look);
          else resolve(seen.slice(20));
        };
        requestAnimationFrame(look);
      }),
  );
  expect(new Set(frames)).toEqual(new Set(['true matrix(1, 0, 0, 1, 0, -2)']));
});

test('Back to Home leads Home', async ({ page }) => {
  await page.goto('/games');
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

for (const { width, columns } of gridColumnsByWidth) {
  test(`at ${width} px the grid has ${columns} column${columns > 1 ? 's' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/games');
    const cards = gameCards(page.getByRole('main'));
    await expect(cards).toHaveCount(6);
    await expectColumns(cards, columns);
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`no layout shift on /games at ${viewport.width} px while the page and all its art load (CLS ≤ 0.02)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/games');
    const art = page.getByRole('main').getByRole('img');
    await expect(art).toHaveCount(6);
    // Bring every card into view so the lazy art loads too, then wait until all of it has.
    await art.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        art.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(6);
    // At 1× no card is wider than the narrow rendering.
    expect(await art.first().evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      /\/pug-life-480-[\w-]+\.webp$/,
    );

    const { cls, moved } = await layoutShift(page);
    expect(cls, `layout shifts:\n${moved}`).toBeLessThanOrEqual(0.02);
  });
}

for (const { deviceScaleFactor, rendering, file } of [
  { deviceScaleFactor: 1, rendering: 'narrow', file: /\/pug-life-480-[\w-]+\.webp$/ },
  { deviceScaleFactor: 2, rendering: 'full-size', file: /\/pug-life-(?!480-)[\w-]+\.webp$/ },
]) {
  test.describe(`on a ${deviceScaleFactor}× screen`, () => {
    test.use({ deviceScaleFactor });
    test(`three columns of cards show the ${rendering} art`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/games');
      const art = page.getByRole('main').getByRole('img');
      await expect(art.first()).toHaveJSProperty('complete', true);
      expect(await art.first().evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(file);
      // Every rendering is a file of its own, none inlined into the page's JavaScript.
      const sources = await art.evaluateAll((images) =>
        images.flatMap((image) => image.getAttribute('srcset')!.split(', ')),
      );
      expect(sources).toHaveLength(12);
      for (const source of sources) expect(source).toMatch(/^http:\/\/localhost:4175\/[^ ]+\.webp \d+w$/);
    });
  });
}
