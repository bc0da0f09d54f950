import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { release } from '@nova/deploy/map-changes';
import { remoteMapFile } from '@nova/deploy/deployment-root';
import { releasedVersion, type RemoteMapJson } from '@nova/contracts/remote-map';
import { publishedVersion, type Deployments } from '../support/deployments.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { edgeBefore } from '../support/edge.ts';
import { createdSlice, expect, sliceOrigin, sliceWith, test, type Run } from '../support/new-slice.ts';
import type { Discovery } from '../support/discovery.ts';
import { titles } from '../support/site.ts';

// Issue 46: a new slice joins an environment with no shell release, no new setting and no restart;
// a version whose pages meet another slice's is refused, by the CLI and by the discovery service.

/** A map as the service serves it: with its environment. */
type ServedMap = RemoteMapJson & { environment?: { slices: Record<string, { origins: string[]; paths: string[] }> } };

/** What a run printed, for a failed expectation's message. */
const printed = (result: Run) => `exit ${result.code}\n${result.stdout}${result.stderr}`;

/** The run's output, once it succeeded. */
const succeeded = (result: Run) => {
  expect(result.code, printed(result)).toBe(0);
  return result.stdout;
};

/** Whether React owns the node the composer put in the page's slot. */
const slotHydrated = (page: Page) =>
  page.evaluate(() => {
    const node = document.querySelector('[data-slot] > :not(style)');
    return !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  });

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/**
 * An environment of its own (every slice published and released in a deployment root, each on its
 * own origin) moved onto the service as `staging`; its root and its map's URL.
 */
async function environmentOnTheService(deploy: Deployments, discovery: Discovery) {
  const environment = await deploy.environment();
  const { origins } = JSON.parse(readFileSync(join(environment.root, 'environment.json'), 'utf8')) as {
    origins: Record<string, string>;
  };
  const mapUrl = await discovery.environment('staging', origins, remoteMapFile(environment.root));
  return { root: environment.root, mapUrl };
}

test('a slice made with slice create is added to an environment, released, and composed and hydrated by the composers already running', async ({
  page,
  request,
  deploy,
  discovery,
}) => {
  // Measured here: about 35 s, most of it the platform's publish and the slice's npm install.
  test.setTimeout(5 * 60_000);
  const took: string[] = [];
  // The news team's repository, as `slice create` writes it (test data: one plain page, /news), built.
  const news = await createdSlice('news', await deploy.freePort(), took);
  const stops: (() => Promise<unknown>)[] = [];
  try {
    // The environment, on the discovery service, with two composers reading its map, one of them
    // behind the nginx edge: all running before anyone has heard of news.
    const { mapUrl } = await environmentOnTheService(deploy, discovery);
    const composers = [await deploy.composer(mapUrl), await deploy.composer(mapUrl)] as const;
    const edge = await edgeBefore(composers[0]);
    stops.push(edge.stop);
    const sites = [edge.origin, composers[1]];
    for (const site of sites) {
      const before = await request.get(`${site}/news`);
      expect(before.status(), `${site}/news before news`).toBe(404);
      expect(dataBlockOf(await before.text())?.remotes).not.toHaveProperty('news');
    }
    // A visitor who came too early.
    await page.goto(`${edge.origin}/news`);
    await expect(page).toHaveTitle(titles.notFound);

    // news's origin: the team's deployment folder (its versions), served by a server of its own.
    const teamRoot = join(news.repository, '..', 'deployments');
    const { origin: newsOrigin, stop: stopOrigin } = await sliceOrigin(teamRoot, 'news');
    stops.push(stopOrigin);

    // The administrator adds news to the environment (its origin and paths) and gives its team a token.
    const admin = (...args: string[]) => sliceWith(discovery.adminToken, ...args, '--map', mapUrl);
    expect(
      succeeded(await admin('environment', 'staging', '--origins', `news=${newsOrigin}`, '--paths', 'news=/news/*')),
    ).toContain(`news at /news/* from ${newsOrigin}`);
    const made = succeeded(await admin('token', 'create', '--team', 'news', '--slices', 'news', '--env', 'staging'));
    const token = made.match(/^nova_\S+$/m)?.[0];
    expect(token, made).toBeDefined();

    // The team, in its repository with its own slice CLI and its token: its root says where its
    // versions are served; it publishes its build and releases it (checked against the shell the
    // environment serves).
    const slice = (...args: string[]) => news.team(token, 'npx', 'slice', ...args);
    succeeded(
      await slice('environment', '--root', teamRoot, '--origins', `news=${newsOrigin}`, '--paths', 'news=/news/*'),
    );
    const published = succeeded(await slice('publish', 'news', '--dist', 'dist', '--root', teamRoot, '--map', mapUrl));
    const version = publishedVersion(published);
    expect(version, published).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    const where = ['--root', teamRoot, '--map', mapUrl, '--environment', composers[1]];
    expect(succeeded(await slice('release', 'news', version!, ...where))).toBe(`news ${version} is released.\n`);
    const entry = `${newsOrigin}/${version}/mf-manifest.json`;

    // Every composer composes /news from the released version on its next read of the map: the
    // slot holds the slice's fragment, the data block names its entry.
    for (const site of sites) {
      await expect
        .poll(
          async () => {
            const response = await request.get(`${site}/news`);
            const html = await response.text();
            return { status: response.status(), entry: dataBlockOf(html)?.remotes.news, slot: dataBlockOf(html)?.slot };
          },
          { message: `${site}/news after the release` },
        )
        .toEqual({ status: 200, entry, slot: 'fragment' });
      const html = await (await request.get(`${site}/news`)).text();
      expect(html).toContain('>News</h1>');
      expect(html).toContain('The news slice, from a repository of its own.');
    }
    // Through the edge, the composer's own security policy, which lets pages load news's scripts.
    const direct = (await request.get(`${composers[0]}/news`)).headers()['content-security-policy'];
    expect(direct).toContain(newsOrigin);
    expect((await request.get(`${edge.origin}/news`)).headers()['content-security-policy']).toBe(direct);

    // The visitor who came too early reloads: the page, hydrated, with the slice's scripts from its
    // origin (any refused script would be a console error, which fails the test).
    const fromNews: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).origin === newsOrigin)
        fromNews.push({ url: response.url(), status: response.status() });
    });
    await page.reload();
    await expect(page).toHaveTitle('News · Nova Reels');
    await expect(heading(page)).toHaveText('News');
    await expect.poll(() => slotHydrated(page), { message: 'the server slot hydrated' }).toBe(true);
    // Linked from nowhere: the header's links stay the shell's.
    await expect(page.locator('a[href="/news"]')).toHaveCount(0);
    expect(fromNews.map(({ url }) => url)).toContain(`${newsOrigin}/${version}/remoteEntry.js`);
    expect(
      fromNews.some(({ url }) => /\/assets\/NewsPage-[\w-]+\.js$/.test(url)),
      JSON.stringify(fromNews),
    ).toBe(true);
    expect(fromNews.filter(({ status }) => status !== 200)).toEqual([]);

    // A browser of its own on the other composer, directly.
    const visitor = await (await page.context().browser()!.newContext()).newPage();
    await visitor.goto(`${composers[1]}/news`);
    await expect(heading(visitor)).toHaveText('News');
    await expect.poll(() => slotHydrated(visitor), { message: 'the server slot hydrated' }).toBe(true);
    await visitor.context().close();
  } finally {
    for (const stop of stops.reverse()) await stop();
    news.remove();
    test.info().annotations.push({ type: 'took', description: took.join(', ') });
  }
});

test("a version declaring another slice's page is refused by slice release, by --traffic and by the discovery service", async ({
  deploy,
  discovery,
}) => {
  test.setTimeout(120_000);
  const { root, mapUrl } = await environmentOnTheService(deploy, discovery);
  const readMap = async () => {
    const response = await fetch(mapUrl);
    return { etag: response.headers.get('etag'), map: (await response.json()) as ServedMap };
  };
  const { map: before } = await readMap();
  const contact = releasedVersion(before.microFrontends.contact ?? [])?.metadata.version;
  const gamesBefore = releasedVersion(before.microFrontends.games ?? [])?.metadata.version;
  expect(contact).toBeDefined();

  // The games team's build, declaring /contact beside its own pages (its manifest's `pages`, which
  // `slice publish` records), published: listed, not released.
  const made = succeeded(
    await sliceWith(
      discovery.adminToken,
      'token',
      'create',
      '--team',
      'games',
      '--slices',
      'games',
      '--env',
      'staging',
      '--map',
      mapUrl,
    ),
  );
  const token = made.match(/^nova_\S+$/m)![0];
  const build = deploy.copyOfBuild('games');
  const manifestFile = join(build, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.pages = [...manifest.pages, { path: '/contact', module: 'GamesPage', title: 'Contact' }];
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const team = (...args: string[]) => sliceWith(token, ...args, '--root', root, '--map', mapUrl);
  const version = publishedVersion(succeeded(await team('publish', 'games', '--dist', build)));
  expect(version).toBeDefined();
  const conflicts =
    `games ${version} declares /contact, outside games's paths (/games/*). ` +
    `games ${version} declares /contact, which contact ${contact} serves.`;

  const { etag, map: published } = await readMap();
  const released = await team('release', 'games', version!);
  expect([released.code, released.stderr], printed(released)).toEqual([
    1,
    `slice release games ${version} failed: Not released: ${conflicts}\n`,
  ]);
  const canary = await team('release', 'games', version!, '--traffic', '10');
  expect([canary.code, canary.stderr], printed(canary)).toEqual([
    1,
    `slice release games ${version} failed: Not released as the canary: ${conflicts}\n`,
  ]);
  expect(await readMap(), 'the map after the refused releases').toEqual({ etag, map: published });

  // A write that releases it without the CLI's checks (an older CLI, a script): not stored.
  const { environment, ...stored } = published;
  expect(environment?.slices.games?.paths).toEqual(['/games/*']);
  const put = await fetch(mapUrl, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'if-match': etag!, 'content-type': 'application/json' },
    body: JSON.stringify(release(stored, 'games', version!, new Date())),
  });
  expect([put.status, await put.text()]).toEqual([409, `The map is not stored: ${conflicts}\n`]);
  const after = await readMap();
  expect(after).toEqual({ etag, map: published });
  expect(releasedVersion(after.map.microFrontends.games ?? [])?.metadata.version).toBe(gamesBefore);
});
