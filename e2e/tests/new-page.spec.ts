import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { readRemoteMap } from '@nova/deploy/deployment-root';
import { releasedVersion } from '@nova/contracts/remote-map';
import { bucketCookie } from '@nova/contracts/traffic';
import { dataBlockOf } from '../support/data-block.ts';
import { expect, folderHash, previewLink, publishedVersion, test } from '../support/deployments.ts';
import { pageErrors, untilServerHtmlHydrated } from '../support/fixtures.ts';
import { newGamesPageBuild, newPage } from '../support/games-team.ts';
import { repoRoot, titles } from '../support/site.ts';

// Issue 46, point 3: the games team adds a page, /games/new, in its slice alone, and ships it
// through preview (its tab only), a canary (its bucket only), release and rollback, in an
// environment of its own; at each step the server's HTML, hydration and client-side navigation.

/** The bucket a canary at 50 % covers, and one it does not. */
const inCanary = 10;
const outOfCanary = 90;

/** The text of an element's markup, without tags and React's comment markers. */
const textOf = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

/**
 * A page as the composer sends it to a visitor in `bucket` (none: no cookie): its status, data
 * block, document title and the heading inside the slice's slot.
 */
async function serverPage(url: string, bucket?: number) {
  const response = await fetch(url, { headers: bucket === undefined ? {} : { Cookie: `${bucketCookie}=${bucket}` } });
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  const slotHeading = /<div data-slot="[^"]*"[^>]*>[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1];
  const data = dataBlockOf(html);
  return {
    status: response.status,
    page: data?.page,
    route: data?.route,
    slot: data?.slot,
    version: data?.versions?.games,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    heading: slotHeading === undefined ? undefined : textOf(slotHeading),
    /** The shell's own heading (Not Found), outside any slot. */
    shellHeading: data?.slot === 'none' ? textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '') : undefined,
  };
}

/**
 * Until the composer sends `url` to `bucket` composed with games `version`'s fragment (a composer
 * that has just seen a version may send a page once without it: its lookup timed out), then the page.
 */
async function composed(url: string, version: string, bucket?: number) {
  await expect
    .poll(async () => {
      const { version: shown, slot } = await serverPage(url, bucket);
      return { shown, slot };
    }, `${url} composed with games ${version}`)
    .toEqual({ shown: version, slot: 'fragment' });
  return serverPage(url, bucket);
}

/** The page as a visitor gets it from the server: /games/new, the new page of `version`. */
async function expectNewPageOnServer(site: string, version: string, bucket?: number) {
  expect(await composed(`${site}${newPage.path}`, version, bucket)).toEqual({
    status: 200,
    page: `games/${newPage.module}`,
    route: { path: newPage.path, title: newPage.heading },
    slot: 'fragment',
    version,
    title: newPage.title,
    heading: newPage.heading,
    shellHeading: undefined,
  });
}

/** /games/new as a visitor of `version` without the page gets it: the games slice's Game Not Found, 404. */
async function expectNoNewPageOnServer(site: string, version: string, bucket?: number) {
  expect(await composed(`${site}${newPage.path}`, version, bucket)).toEqual({
    status: 404,
    page: 'games/GamePage',
    route: { path: '/games/:gameId', title: 'Game' },
    slot: 'fragment',
    version,
    title: titles.gameNotFound,
    heading: 'Game Not Found',
    shellHeading: undefined,
  });
}

/**
 * A browser of its own (a second visitor), in canary `bucket`: its page, and every page or console
 * error it meets (but the browser's report of a document answered 404, which Not Found pages are).
 */
async function browserOf(browser: Browser, site: string, bucket: number) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addCookies([{ name: bucketCookie, value: String(bucket), url: site }]);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await markServerNodes(page);
  return { page, errors, close: () => context.close() };
}

/** Keeps the slot's heading as the parser leaves it, before any script runs. */
function markServerNodes(page: Page) {
  return page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const heading = document.querySelector('main [data-slot] h1');
      Object.assign(window, { serverHeading: heading });
    });
  });
}

/** Whether React adopted the server's heading: the same node, still in the document, with React's fiber on it. */
const serverHeadingHydrated = (page: Page) =>
  page.evaluate(() => {
    const node = (window as unknown as { serverHeading?: Element | null }).serverHeading;
    return !!node && node.isConnected && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  });

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const newPageLink = (page: Page) => page.getByRole('main').getByRole('link', { name: newPage.link, exact: true });
const previewNotice = (page: Page) => page.getByRole('complementary', { name: 'Preview' });

/** Marks the document, so that a check after some clicks tells whether they loaded another. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Opens `url` as a new document, once the shell has taken over the server's HTML (or rendered its own). */
async function arrive(page: Page, url: string) {
  const response = await page.goto(url);
  await untilServerHtmlHydrated(page);
  return response;
}

/**
 * In a tab that sees the new page: it hydrates as the server sent it, and is reached and left by
 * client-side navigation from another slice's page (Home) and from the collection, back and forward.
 */
async function expectNewPageInBrowser(page: Page, site: string) {
  await arrive(page, `${site}${newPage.path}`);
  await expect(heading(page)).toHaveText(newPage.heading);
  await expect.poll(() => serverHeadingHydrated(page), 'the server heading hydrated').toBe(true);
  await expect(page).toHaveTitle(newPage.title);
  await expectNewPageByClientNavigation(page, site);
}

/** From Home (marketing) to the collection (the header), to the new page (the collection's link), around and back. */
async function expectNewPageByClientNavigation(page: Page, site: string) {
  await arrive(page, `${site}/`);
  await markDocument(page);
  await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(heading(page)).toHaveText('Games');
  await newPageLink(page).click();
  await expect(page).toHaveURL(`${site}${newPage.path}`);
  await expect(heading(page)).toHaveText(newPage.heading);
  await expect(page).toHaveTitle(newPage.title);
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(newPage.games.map(({ title }) => title));
  // Its game cards and its own link lead on, within the page. (By the keyboard: the pointer rests
  // where the collection's link was, on a card's edge, and a card moves as it is hovered.)
  const [newest] = newPage.games;
  await page.getByRole('link', { name: `Play ${newest.title}` }).press('Enter');
  await expect(page).toHaveURL(`${site}/games/${newest.id}`);
  await expect(heading(page)).toHaveText(newest.title);
  await page.goBack();
  await expect(heading(page)).toHaveText(newPage.heading);
  await page.getByRole('main').getByRole('link', { name: newPage.back, exact: true }).click();
  await expect(page).toHaveURL(`${site}/games`);
  await expect(heading(page)).toHaveText('Games');
  await page.goBack();
  await expect(heading(page)).toHaveText(newPage.heading);
  await expect(page).toHaveTitle(newPage.title);
  await page.goForward();
  await expect(heading(page)).toHaveText('Games');
  expect(await sameDocument(page), 'every step client-side: no document loaded').toBe(true);
}

/** In a tab that does not see the new page: /games/new is Game Not Found, hydrated; the collection does not link it. */
async function expectNoNewPageInBrowser(page: Page, site: string) {
  const response = await arrive(page, `${site}${newPage.path}`);
  expect(response?.status()).toBe(404);
  await expect(heading(page)).toHaveText('Game Not Found');
  await expect.poll(() => serverHeadingHydrated(page), 'the server heading hydrated').toBe(true);
  await expect(page).toHaveTitle(titles.gameNotFound);
  await markDocument(page);
  await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(heading(page)).toHaveText('Games');
  await expect(page.getByRole('main').getByRole('link', { name: 'Play Pug Life' })).toBeVisible();
  await expect(newPageLink(page)).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
}

test('the games team adds /games/new alone and ships it: preview in its tab, a canary in its bucket, release, rollback', async ({
  page,
  browser,
  deploy,
}) => {
  test.setTimeout(240_000);
  const build = newGamesPageBuild();
  const visitors: Awaited<ReturnType<typeof browserOf>>[] = [];
  try {
    const environment = await deploy.environment();
    const site = environment.url;
    const untouched = () => ({
      shell: folderHash(join(repoRoot, 'shell/dist')),
      ...Object.fromEntries(
        ['marketing', 'legal', 'contact'].map((slice) => [slice, folderHash(join(environment.root, slice))]),
      ),
    });
    const before = untouched();
    const released = releasedVersion(readRemoteMap(environment.root).microFrontends.games ?? [])!.metadata.version;
    const version = publishedVersion(environment.slice('publish', 'games', '--dist', build.folder))!;
    expect(version).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    expect(version).not.toBe(released);
    // Published: its pages are recorded, the new one among them.
    const entry = readRemoteMap(environment.root).microFrontends.games?.find(
      ({ metadata }) => metadata.version === version,
    );
    expect((entry?.metadata as { pages?: unknown[] }).pages).toContainEqual({
      path: newPage.path,
      module: newPage.module,
      title: newPage.heading,
    });

    const other = await browserOf(browser, site, outOfCanary);
    visitors.push(other);
    await markServerNodes(page);

    await test.step('published, not released: nobody has the page', async () => {
      await expectNoNewPageOnServer(site, released);
      await expectNoNewPageInBrowser(other.page, site);
    });

    await test.step('previewed: the team’s tab has the page, rendered in the browser; no one else has', async () => {
      const link = previewLink(environment.slice('preview', 'games', version, '--environment', site));
      expect(link).toMatch(new RegExp(`^${site}/games\\?preview=[\\w-]+\\.[\\w-]+$`));
      await arrive(page, link);
      await expect(previewNotice(page)).toContainText(`Preview of games ${version}`);
      await expect(heading(page)).toHaveText('Games');
      await markDocument(page);
      await newPageLink(page).click();
      await expect(page).toHaveURL(`${site}${newPage.path}`);
      await expect(heading(page)).toHaveText(newPage.heading);
      await expect(page).toHaveTitle(newPage.title);
      await page.goBack();
      await expect(heading(page)).toHaveText('Games');
      await page.goForward();
      await expect(heading(page)).toHaveText(newPage.heading);
      expect(await sameDocument(page)).toBe(true);
      // Loaded as a new document in the tab: the server, which does not know the tab previews,
      // sends the released site (Game Not Found); the tab renders the version it previews.
      const arrival = await arrive(page, `${site}${newPage.path}`);
      const served = dataBlockOf((await arrival?.text()) ?? '');
      expect({ status: arrival?.status(), version: served?.versions?.games, page: served?.page }).toEqual({
        status: 404,
        version: released,
        page: 'games/GamePage',
      });
      await expect(heading(page)).toHaveText(newPage.heading);
      await expect(page).toHaveTitle(newPage.title);
      await expect(previewNotice(page)).toBeVisible();
      await expectNewPageByClientNavigation(page, site);

      // Everyone else: the released version, on the server and in their browser.
      await expectNoNewPageOnServer(site, released);
      await expectNoNewPageOnServer(site, released, inCanary);
      await expectNoNewPageInBrowser(other.page, site);

      await page.getByRole('button', { name: 'End preview' }).click();
      await expect(previewNotice(page)).toBeHidden();
      await arrive(page, `${site}${newPage.path}`);
      await expect(heading(page)).toHaveText('Game Not Found');
    });

    await test.step('a canary at 50 %: its bucket has the page, composed on the server; the other bucket has not', async () => {
      expect(environment.slice('release', 'games', version, '--traffic', '50')).toContain(version);
      const inside = await browserOf(browser, site, inCanary);
      visitors.push(inside);
      await expectNewPageOnServer(site, version, inCanary);
      await expectNewPageInBrowser(inside.page, site);
      await expectNoNewPageOnServer(site, released, outOfCanary);
      await expectNoNewPageInBrowser(other.page, site);
    });

    await test.step('released: every visitor has the page; the slice’s 404s below and beside it hold', async () => {
      expect(environment.slice('release', 'games', version)).toContain(version);
      await expectNewPageOnServer(site, version);
      await expectNewPageOnServer(site, version, outOfCanary);
      await expectNewPageInBrowser(other.page, site);
      // An id the catalogue does not know is the games slice's Game Not Found, as before; an
      // address below the new page, which the slice declares nothing at, the shell's Not Found.
      expect(await composed(`${site}/games/not-a-game`, version)).toMatchObject({
        status: 404,
        page: 'games/GamePage',
        slot: 'fragment',
        version,
        title: titles.gameNotFound,
        heading: 'Game Not Found',
      });
      expect(await serverPage(`${site}${newPage.path}/not-a-game`)).toMatchObject({
        status: 404,
        page: undefined,
        slot: 'none',
        title: titles.notFound,
        shellHeading: 'Page Not Found',
      });
      expect(untouched(), "the shell's files and the other slices").toEqual(before);
    });

    await test.step('rolled back: the page is gone, on the server and in the browser', async () => {
      expect(environment.slice('rollback', 'games')).toContain(released);
      await expectNoNewPageOnServer(site, released);
      await expectNoNewPageOnServer(site, released, inCanary);
      // In the team's tab, which had the page, as in the other browser.
      await expectNoNewPageInBrowser(page, site);
      await expectNoNewPageInBrowser(other.page, site);
      expect(untouched(), "the shell's files and the other slices").toEqual(before);
    });

    for (const { errors } of visitors) expect(errors, 'page and console errors').toEqual([]);
  } finally {
    await Promise.all(visitors.map(({ close }) => close()));
    build.remove();
  }
});
