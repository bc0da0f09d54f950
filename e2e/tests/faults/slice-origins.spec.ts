import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { expect, originsOf, remoteMapOf, shippedRemotes, test } from '../../support/deployments.ts';
import { dataBlockOf } from '../../support/data-block.ts';
import { repoRoot, titles } from '../../support/site.ts';

// Legal's entry on the games origin is refused on purpose: the browser reports legal's pages.
test.use({ allowConsoleErrors: true });

test("a map that serves legal from the games origin, integrity and all: legal's pages fail alone, and that origin is never asked for legal", async ({
  page,
  deploy,
}) => {
  // One origin holds both builds (games at its root, legal under /legal/): the environment says it
  // serves games, and legal from legal's own origin.
  const root = deploy.copyOfBuild('games');
  cpSync(join(repoRoot, 'mfe-legal/dist'), join(root, 'legal'), { recursive: true });
  const requested: string[] = [];
  const gamesOrigin = await deploy.remote('games', { root, requested });
  const gamesEntry = gamesOrigin.entry;
  const legalOnGames = new URL('legal/mf-manifest.json', gamesEntry).href;
  const shell = await deploy.shell(
    remoteMapOf(
      { ...shippedRemotes, games: gamesEntry, legal: legalOnGames },
      { ...originsOf({}), games: [new URL(gamesEntry).origin] },
    ),
  );

  // On the server: legal's pages have no entry, only the placeholder; games' pages are whole.
  const terms = dataBlockOf(await (await page.request.get(`${shell}/terms-and-conditions`)).text());
  expect(terms).toMatchObject({ remotes: {}, slot: 'placeholder' });
  const games = dataBlockOf(await (await page.request.get(`${shell}/games`)).text());
  expect(games).toMatchObject({ remotes: { games: gamesEntry }, slot: 'fragment' });

  // In the browser: legal's slot says it is unavailable; the other slices work.
  await page.goto(`${shell}/terms-and-conditions`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This section is unavailable right now');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveTitle(titles.games);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveTitle(titles.home);

  expect(requested.filter((path) => path.startsWith('/legal/'))).toEqual([]);
  expect(requested).toContain('/mf-manifest.json');
});
