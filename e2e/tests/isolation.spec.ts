import { expect, test, type RemoteName } from '../support/deployments.ts';
import type { Page } from '@playwright/test';
import { advanceUntilVisible } from '../support/page-clock.ts';
import { titles } from '../support/site.ts';

// These tests break remotes on purpose: the browser logs the failed loads.
test.use({ allowConsoleErrors: true });

/** Each remote's page, and a page of another remote to prove the rest keeps working. */
const slices: Record<RemoteName, { path: string; title: string; other: { link: string; title: string } }> = {
  marketing: { path: '/', title: titles.home, other: { link: 'Games', title: titles.games } },
  games: { path: '/games', title: titles.games, other: { link: 'Contact', title: titles.contact } },
  legal: { path: '/terms-and-conditions', title: titles.terms, other: { link: 'Home', title: titles.home } },
  contact: { path: '/contact', title: titles.contact, other: { link: 'Games', title: titles.games } },
};

const fallback = (page: Page) => page.getByRole('heading', { name: 'This section is unavailable right now' });

/** Marks the document so a later check can tell whether the page was reloaded. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const documentWasKept = (page: Page) => page.evaluate(() => 'notReloaded' in window);

async function expectRestOfSiteWorks(page: Page, slice: RemoteName) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Nova Reels');
  const { link, title } = slices[slice].other;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fallback(page)).toBeHidden();
}

for (const slice of Object.keys(slices) as RemoteName[]) {
  const { path, title } = slices[slice];

  test(`${slice} down: only its slice shows the fallback; Retry after it is back renders it without a reload`, async ({
    page,
    deploy,
  }) => {
    const port = await deploy.freePort();
    const shell = await deploy.shell({ [slice]: `http://localhost:${port}/mf-manifest.json` });

    await page.goto(shell + path);
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await markDocument(page);
    await expectRestOfSiteWorks(page, slice);

    await page.goBack();
    await expect(fallback(page)).toBeVisible();
    await deploy.remote(slice, { port });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveTitle(title);
    await expect(fallback(page)).toBeHidden();
    expect(await documentWasKept(page)).toBe(true);
  });

  // How long the slot waits is the shell's unit tests' (RemoteSlot); here, that a hung slice gives up at all.
  test(`${slice} hangs: its slice falls back while the rest works; Retry after it is back renders it`, async ({
    page,
    deploy,
  }) => {
    const hanging = await deploy.hangingServer();
    const shell = await deploy.shell({ [slice]: `http://localhost:${hanging.port}/mf-manifest.json` });

    // The page's clock stands still: only the test moves it, so the machine's speed does not count.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(shell + path);
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    await advanceUntilVisible(page, fallback(page));
    await markDocument(page);
    await page.clock.resume();

    await hanging.stop();
    await deploy.remote(slice, { port: hanging.port });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveTitle(title);
    expect(await documentWasKept(page)).toBe(true);
    await expectRestOfSiteWorks(page, slice);
  });
}

test('a hanging remote does not hold up the other slices', async ({ page, deploy }) => {
  const hanging = await deploy.hangingServer();
  const shell = await deploy.shell({ games: `http://localhost:${hanging.port}/mf-manifest.json` });
  // Page time moves only as the test says, 100 ms at a time: the legal page must be in well
  // before the games slice's 5 s could run out.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(`${shell}/terms-and-conditions`);
  let pageTime = 0;
  await expect(async () => {
    await page.clock.runFor(100);
    pageTime += 100;
    await expect(page).toHaveTitle(titles.terms, { timeout: 100 });
  }).toPass();
  expect(pageTime).toBeLessThan(4_000);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
});
