import type { Page } from '@playwright/test';
import { metricNames } from '@nova/contracts/field-signals';
import { expect, test } from '../support/deployments.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { catalogue } from '../support/games.ts';
import { counted, scrape } from '../support/metrics.ts';

// Origins are stopped on purpose: the browser logs the loads they refuse.
test.use({ allowConsoleErrors: true });

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const unavailable = 'This section is unavailable right now';
const [first, second] = catalogue;

test("a slice on two origins: its first stopped mid-visit changes nothing a visitor sees, on the server and in the browser; all stopped, today's fallback with Retry", async ({
  page,
  browser,
  request,
  deploy,
}) => {
  const environment = await deploy.environment();
  const original = environment.origins.games;
  const mirror = await environment.serveSlice('games');
  // The administrator's: games from its origin, then the mirror. Composers and browsers read it with the map.
  environment.slice('environment', '--origins', `games=${original.origin},games=${mirror.origin}`);
  await expect
    .poll(async () => (await (await request.get(`${environment.url}/remotes.json`)).json()).environment.slices.games)
    .toEqual({ origins: [original.origin, mirror.origin], paths: ['/games/*'] });

  // A visitor on the collection, its scripts from the first origin.
  const scripts: string[] = [];
  page.on('request', (asked) => scripts.push(asked.url()));
  await page.goto(`${environment.url}/games`);
  await expect(heading(page)).toHaveText('Games');
  expect(scripts.some((url) => url.startsWith(`${original.origin}/`))).toBe(true);

  await test.step('the first origin stops mid-visit: the next page of the slice comes from the mirror', async () => {
    await original.stop();
    await page.getByRole('main').getByRole('link', { name: first.title }).first().click();
    await expect(heading(page)).toHaveText(first.title);
    await expect(page.getByText(unavailable)).toHaveCount(0);
    expect(scripts.some((url) => url.startsWith(`${mirror.origin}/`))).toBe(true);
  });

  await test.step('a new visit is composed from the mirror, whole, and hydrates from it', async () => {
    // Within a second of the stop: the composer checks the origin its kept pages came from.
    const composed = async () => dataBlockOf(await (await request.get(`${environment.url}/games/${second.id}`)).text());
    await expect
      .poll(async () => new URL((await composed())?.remotes?.games ?? 'http://none').origin)
      .toBe(mirror.origin);
    expect(await composed()).toMatchObject({ slot: 'fragment' });
    const visitor = await browser.newPage();
    await visitor.goto(`${environment.url}/games/${second.id}`);
    await expect(heading(visitor)).toHaveText(second.title);
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games', exact: true }).click();
    await expect(heading(visitor)).toHaveText('Games');
    await visitor.close();
    const { parsed } = await scrape(request, environment.metrics);
    expect(counted(parsed, metricNames.failovers, { slice: 'games', origin: original.origin })).toBeGreaterThan(0);
  });

  await test.step("every origin stopped: the slice's pages fall back with Retry, which loads them once one is back", async () => {
    await mirror.stop();
    const stranded = await browser.newPage();
    await stranded.goto(`${environment.url}/games`);
    await expect(heading(stranded)).toHaveText(unavailable);
    await expect(stranded.getByRole('banner')).toBeVisible();
    await environment.serveSlice('games', original.port);
    await stranded.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(stranded)).toHaveText('Games');
    await stranded.close();
  });
});
