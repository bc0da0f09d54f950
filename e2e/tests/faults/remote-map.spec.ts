import type { Page } from '@playwright/test';
import { sliceVersion } from '@nova/contracts/remote-map';
import { expect, remoteMapOf, shippedRemotes, test } from '../../support/deployments.ts';
import { emptyBody, htmlPage, json, never, status } from '../../support/faults.ts';
import { watchForInjectedCode } from '../../support/injection.ts';
import { advanceUntilVisible, stopPageTime } from '../../support/page-clock.ts';
import { dataBlockOf } from '../../support/data-block.ts';

// These tests break the remote map on purpose: the browser logs the failed loads.
test.use({ allowConsoleErrors: true });

const siteUnavailable = (page: Page) => page.getByRole('heading', { name: 'The site could not load its pages' });
const sliceUnavailable = (page: Page) => page.getByRole('heading', { name: 'This section is unavailable right now' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** No page can load: the layout stays, with a clear message and a Retry, reached in bounded page time. */
async function expectSiteUnavailable(page: Page, reason: string) {
  const pageTime = await advanceUntilVisible(page, siteUnavailable(page));
  expect(pageTime, 'three attempts of 3 s and the pauses between them, at most').toBeLessThanOrEqual(11_000);
  await expect(page.getByRole('main')).toContainText(reason);
  await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

const wholeMapFaults = [
  { kind: 'never answers', fault: never, reason: '/remotes.json did not answer within 3 s.' },
  { kind: 'answers 500', fault: status(500), reason: 'Could not load /remotes.json (500 Internal Server Error).' },
  { kind: 'is an HTML page', fault: htmlPage, reason: 'remotes.json is not valid JSON.' },
  { kind: 'is empty', fault: emptyBody, reason: 'remotes.json is not valid JSON.' },
  {
    kind: 'lists nothing',
    fault: json('{}'),
    reason: 'remotes.json must list the micro-frontends of this environment (microFrontends).',
  },
  {
    kind: 'lists none of the slices',
    fault: json(
      JSON.stringify({
        microFrontends: { other: [{ url: 'http://localhost:4174/mf-manifest.json' }] },
        environment: JSON.parse(remoteMapOf(shippedRemotes)).environment,
      }),
    ),
    reason: "remotes.json lists no version of this environment's slices (marketing, games, legal, contact).",
  },
  {
    kind: 'names no environment',
    fault: json(JSON.stringify({ microFrontends: JSON.parse(remoteMapOf(shippedRemotes)).microFrontends })),
    reason:
      'remotes.json names no environment (a map written before maps carried it): the next release writes it, or `slice environment`.',
  },
  {
    kind: 'is a huge file',
    fault: json(JSON.stringify({ ...shippedRemotes, padding: 'x'.repeat(4_000_000) })),
    reason: 'remotes.json is too large to be a remote map.',
  },
];

for (const { kind, fault, reason } of wholeMapFaults) {
  test(`a remote map that ${kind}: the layout says the pages cannot load, and Retry loads them once it is back`, async ({
    page,
    deploy,
  }) => {
    const faults = { '/remotes.json': fault };
    const shell = await deploy.shell({}, { faults });
    const expectNoInjectedCode = watchForInjectedCode(page);
    await stopPageTime(page);
    await page.goto(`${shell}/games`);
    await expectSiteUnavailable(page, reason);

    delete (faults as Record<string, unknown>)['/remotes.json'];
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await page.getByRole('button', { name: 'Retry' }).click();
    await advanceUntilVisible(
      page,
      page.getByRole('main').getByRole('heading', { level: 1, name: 'Games', exact: true }),
    );
    expect(await page.evaluate(() => 'notReloaded' in window), 'Retry did not reload the page').toBe(true);
    await expectNoInjectedCode();
  });
}

const entryFaults = {
  'one remote missing': { games: undefined },
  'a javascript: entry': { games: 'javascript:window.__pwned=1' },
  'a data: entry': { games: 'data:text/javascript,window.__pwned=1' },
  'an entry that is not a URL': { games: '<img src=x onerror=window.__pwned=1>' },
};

for (const [kind, remotes] of Object.entries(entryFaults)) {
  test(`${kind} in the remote map: only that remote's pages fall back, the rest works, nothing runs`, async ({
    page,
    deploy,
  }) => {
    const shell = await deploy.shell(remoteMapOf({ ...shippedRemotes, ...remotes }));
    const expectNoInjectedCode = watchForInjectedCode(page);
    await page.goto(`${shell}/contact`);
    await page.getByRole('form', { name: 'Send Us a Message' }).getByLabel('Name', { exact: true }).fill('Grace');

    await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
    await expect(sliceUnavailable(page)).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle('Nova Reels — Futuristic Social Casino Demos');
    await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Send Us a Message' }).getByLabel('Name', { exact: true })).toHaveValue(
      'Grace',
    );
    await expectNoInjectedCode();
  });
}

test('"__proto__" and other odd keys in the remote map change nothing: every page loads, no odd host is contacted', async ({
  page,
  deploy,
}) => {
  const odd =
    '"__proto__": { "games": [{ "url": "http://odd.example/mf-manifest.json", "deployment": { "default": true } }] }, "constructor": { "prototype": { "x": 1 } }, "toString": "x"';
  const map = remoteMapOf(shippedRemotes);
  const shell = await deploy.shell(
    map.replace('"microFrontends":{', `"microFrontends":{ ${odd},`).replace(/^\{/, `{ ${odd},`),
  );
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).hostname));
  await page.goto(`${shell}/games`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Games', exact: true })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveTitle('Nova Reels — Futuristic Social Casino Demos');
  expect([...hosts]).toEqual(['localhost']);
  expect(await page.evaluate(() => (({}) as Record<string, unknown>).games)).toBeUndefined();
});

/** Uncaught errors on the page: a map that cannot be used must never cause one. */
function uncaughtErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const released = remoteMapOf(shippedRemotes);

test.describe('a map the composer cannot use as a whole', () => {
  for (const [kind, map, reason] of [
    ['lists nothing ({})', '{}', 'remotes.json must list the micro-frontends of this environment (microFrontends).'],
    ['is missing', null, 'remotes.json could not be read.'],
    ['is an HTML page', '<!doctype html><title>Oops</title>', 'remotes.json is not valid JSON.'],
    [
      'carries a 20 MB field',
      released.replace(/^\{/, `{ "padding": "${'x'.repeat(20_000_000)}",`),
      'remotes.json is too large to be a remote map.',
    ],
  ] as const) {
    test(`${kind}: the composed page says the site could not load its pages (503), hydrates, and Retry loads them once the map is back`, async ({
      page,
      deploy,
    }) => {
      const errors = uncaughtErrors(page);
      const shell = await deploy.shellOnMap(map);
      const response = await page.request.get(`${shell.url}/games`);
      expect(response.status()).toBe(503);
      expect(response.headers()['cache-control']).toBe('private, no-store');
      const html = await response.text();
      expect(html).toContain('The site could not load its pages');
      expect(html.length, 'the page carries nothing of the map').toBeLessThan(100_000);

      await page.goto(`${shell.url}/games`);
      await expect(siteUnavailable(page)).toBeVisible();
      await expect(page.getByRole('main')).toContainText(reason);
      const retry = page.getByRole('main').getByRole('button', { name: 'Retry' });
      // React owns the message: its Retry works.
      await expect
        .poll(() => retry.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__react'))))
        .toBe(true);

      shell.writeMap(released);
      // A page composed without a map allows no slice origin (the environment comes with the map):
      // Retry asks for the page anew, which the composer now composes whole.
      const composed = page.waitForResponse((answer) => answer.url() === `${shell.url}/games`);
      await retry.click();
      expect((await composed).status()).toBe(200);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Games', exact: true })).toBeVisible();
      await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page).toHaveTitle('Nova Reels — Futuristic Social Casino Demos');
      expect(errors).toEqual([]);
    });
  }

  test('breaks after a good one: the last good map keeps serving every page', async ({ page, deploy }) => {
    const shell = await deploy.shellOnMap(released);
    expect((await page.request.get(`${shell.url}/games`)).status()).toBe(200);
    for (const broken of ['{}', '<!doctype html>', null]) {
      shell.writeMap(broken);
      const response = await page.request.get(`${shell.url}/games`);
      expect(response.status(), `after the map became ${broken}`).toBe(200);
      expect(await response.text()).toContain('>Games</h1>');
    }
    await page.goto(`${shell.url}/games`);
    await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Send Us a Message' })).toBeVisible();
  });
});

test('a page costs the same however many versions the map has published', async ({ page, deploy }) => {
  const history = JSON.parse(released);
  for (const [slice, versions] of Object.entries(history.microFrontends as Record<string, object[]>)) {
    for (let n = 0; n < 375; n += 1)
      versions.push({
        ...sliceVersion({
          url: `${new URL(shippedRemotes[slice as keyof typeof shippedRemotes]).origin}/0.0.${n}-old/mf-manifest.json`,
          version: `0.0.${n}-old`,
          integrity: 'sha256-x',
          released: false,
        }),
        extras: { builtFrom: { commit: 'abcdef0', dirty: false, builtAt: '2026-01-01T00:00:00.000Z' } },
      });
  }
  const small = await deploy.shellOnMap(released);
  const long = await deploy.shellOnMap(JSON.stringify(history));
  /** The page as composed with its fragment (a busy slice origin may miss the fragment timeout once). */
  const composed = async (url: string) => {
    let html = '';
    await expect
      .poll(async () => dataBlockOf((html = await (await page.request.get(url)).text()))?.slot)
      .toBe('fragment');
    return html;
  };
  for (const path of ['/', '/games', '/terms-and-conditions']) {
    const [few = '', many = ''] = await Promise.all([small, long].map(({ url }) => composed(`${url}${path}`)));
    expect(many.length, `${path} with 1,500 published versions`).toBe(few.length);
    expect(many).not.toContain('0.0.1-old');
  }
});
