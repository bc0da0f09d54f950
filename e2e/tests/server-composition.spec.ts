import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, publishedVersion } from '../support/deployments.ts';
import { retitledLegalBuild } from '../support/legal-team.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { routes } from '../support/site.ts';

/** The data block the composer leaves for the browser (shell/document/data-block.js); it must be there. */
function dataBlockIn(html: string) {
  const data = dataBlockOf(html);
  expect(data, 'the data block').toBeDefined();
  return data!;
}

/** The markup inside #root: what the visitor sees before any script runs. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">')).replaceAll('<!-- -->', '');

/** Keeps the page's server-rendered nodes as the parser leaves them, before any script runs. */
async function markServerNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const main = document.querySelector('main');
      Object.assign(window, {
        serverNodes: {
          main,
          heading: main?.querySelector('h1'),
          slot: main?.querySelector('[data-slot] > :not(style)'),
        },
      });
    });
  });
}

/** Whether React has adopted a node: the same node, still in the document, with React's fiber on it. */
const adopted = (page: Page, name: 'main' | 'heading' | 'slot') =>
  page.evaluate((name) => {
    const node = (window as unknown as { serverNodes?: Record<string, Element | null | undefined> }).serverNodes?.[
      name
    ];
    return !!node && node.isConnected && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  }, name);

const headings: Record<string, string> = {
  '/': 'Spin the reels of tomorrow with Nova Reels',
  '/games': 'Games',
  '/games/pug-life': 'Pug Life',
  '/contact': 'Contact Us',
  '/terms-and-conditions': 'Terms and Conditions',
  '/privacy-policy': 'Privacy Policy',
};

for (const { path } of routes) {
  test(`${path}: the first response holds the page's heading and content, and hydration adopts it`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(dataBlockIn(html).slot).toBe('fragment');
    const root = rootOf(html);
    // The heading inside the remote's slot: the page itself, not a placeholder.
    expect(root).toMatch(new RegExp(`<div data-slot="[^"]+"[^>]*>[\\s\\S]*<h1[^>]*>${headings[path]}</h1>`));
    expect(root).toContain('<header');
    expect(root).toContain('<footer');
    expect(root.replace(/<[^>]+>/g, ' ').split(/\s+/).length, 'words in the first response').toBeGreaterThan(100);

    await markServerNodes(page);
    await page.goto(path);
    await expect.poll(() => adopted(page, 'heading'), { message: 'the server heading hydrated' }).toBe(true);
    expect(await adopted(page, 'main')).toBe(true);
    expect(await adopted(page, 'slot')).toBe(true);
  });
}

test('after hydration the pages respond: Home scrolls to the games, a card opens its game, the form checks its fields', async ({
  page,
}) => {
  await markServerNodes(page);
  await page.goto('/');
  await expect.poll(() => adopted(page, 'slot')).toBe(true);
  await page.getByRole('link', { name: 'Start Playing' }).click();
  await expect(page.getByRole('heading', { name: 'Featured Games' })).toBeFocused();

  await page.goto('/games');
  await expect.poll(() => adopted(page, 'slot')).toBe(true);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Pug Life/ })
    .first()
    .click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Pug Life');
  await expect(page.getByRole('button', { name: 'Play Full Screen' })).toBeVisible();

  await page.goto('/contact');
  await expect.poll(() => adopted(page, 'slot')).toBe(true);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(
    page
      .getByRole('main')
      .getByText(/required|enter/i)
      .first(),
  ).toBeVisible();
});

test.describe('a remote failing at request time', () => {
  // The browser reports the remote it cannot load.
  test.use({ allowConsoleErrors: true });

  test('a remote that is down when the page is requested: its slot renders in the browser, with the fallback', async ({
    page,
    deploy,
  }) => {
    const port = await deploy.freePort();
    const site = await deploy.shell({ games: `http://localhost:${port}/mf-manifest.json` });
    const html = await (await page.request.get(`${site}/games`)).text();
    expect(dataBlockIn(html).slot).toBe('placeholder');
    expect(rootOf(html)).toContain('<header');
    await page.goto(`${site}/games`);
    await expect(page.getByRole('main')).toContainText('unavailable');
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(headings['/']!);
  });
  test('a remote that hangs when the page is requested: the page still comes at once, its slot left to the browser', async ({
    page,
    deploy,
  }) => {
    const { port } = await deploy.hangingServer();
    const site = await deploy.shell({ legal: `http://localhost:${port}/mf-manifest.json` });
    const started = Date.now();
    const html = await (await page.request.get(`${site}/terms-and-conditions`)).text();
    expect(Date.now() - started, 'the response did not wait for the remote').toBeLessThan(5000);
    expect(dataBlockIn(html).slot).toBe('placeholder');
    await page.goto(`${site}/privacy-policy`);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  });
});

test('no skew: a release between two requests changes the HTML with the map, and a fragment of another build is not used', async ({
  page,
  deploy,
}) => {
  test.setTimeout(180_000);
  const environment = await deploy.environment();
  const termsUrl = `${environment.url}/terms-and-conditions`;
  const releasedLegal = (html: string) => dataBlockIn(html).remotes.legal;

  const first = await (await page.request.get(termsUrl)).text();
  expect(rootOf(first)).toContain('>Terms and Conditions</h1>');

  // The legal team changes its heading.
  const build = retitledLegalBuild();
  const stale = mkdtempSync(join(tmpdir(), 'nova-legal-stale-'));
  try {
    const version = publishedVersion(environment.slice('publish', 'legal', '--dist', build.folder));
    environment.slice('release', 'legal', version!);

    // The next request names the entry of that version; its fragment is the new one as soon as
    // the version's files answer (on a busy machine the first lookup may time out, and the page
    // without it is composed again a second later), never the old one's.
    const second = await (await page.request.get(termsUrl)).text();
    expect(releasedLegal(second)).toContain(`/${version}/`);
    expect(releasedLegal(second)).not.toBe(releasedLegal(first));
    expect(rootOf(second)).not.toContain('>Terms and Conditions</h1>');
    await expect
      .poll(async () => rootOf(await (await page.request.get(termsUrl)).text()))
      .toContain('>Terms of Play</h1>');
    await markServerNodes(page);
    await page.goto(termsUrl);
    await expect.poll(() => adopted(page, 'heading')).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Play');

    // A version whose fragments come from another build than its JavaScript: the slot renders in the browser.
    cpSync(build.folder, stale, { recursive: true });
    const manifestFile = join(stale, 'fragments/manifest.json');
    writeFileSync(
      manifestFile,
      JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), buildId: 'another-build' }),
    );
    const staleVersion = publishedVersion(environment.slice('publish', 'legal', '--dist', stale));
    environment.slice('release', 'legal', staleVersion!);
    const third = await (await page.request.get(termsUrl)).text();
    expect(dataBlockIn(third).slot).toBe('placeholder');
    expect(rootOf(third)).not.toContain('Terms of Play');
    await page.goto(termsUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Play');
  } finally {
    build.remove();
    rmSync(stale, { recursive: true, force: true });
  }
});
