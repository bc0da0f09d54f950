import { expect, test, type RemoteName } from '../support/deployments.ts';
import type { Page } from '@playwright/test';

// These tests break remotes on purpose: the browser logs the failed loads.
test.use({ allowConsoleErrors: true });

/** Each remote's page, and a page of another remote to prove the rest keeps working. */
const slices: Record<RemoteName, { path: string; title: string; other: { link: string; title: string } }> = {
  marketing: { path: '/', title: 'Nova Reels — Futuristic Social Casino Demos', other: { link: 'Games', title: 'Games · Nova Reels' } },
  games: { path: '/games', title: 'Games · Nova Reels', other: { link: 'Contact', title: 'Contact · Nova Reels' } },
  legal: { path: '/terms-and-conditions', title: 'Terms and Conditions · Nova Reels', other: { link: 'Home', title: 'Nova Reels — Futuristic Social Casino Demos' } },
  contact: { path: '/contact', title: 'Contact · Nova Reels', other: { link: 'Games', title: 'Games · Nova Reels' } },
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

  test(`${slice} down: only its slice shows the fallback; Retry after it is back renders it without a reload`, async ({ page, deploy }) => {
    const port = await deploy.freePort();
    const shell = await deploy.shell({ [slice]: `http://localhost:${port}/remoteEntry.js` });

    await page.goto(shell + path);
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await markDocument(page);
    await expectRestOfSiteWorks(page, slice);

    await page.goBack();
    await expect(fallback(page)).toBeVisible();
    await deploy.remote(slice, port);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveTitle(title);
    await expect(fallback(page)).toBeHidden();
    expect(await documentWasKept(page)).toBe(true);
  });

  test(`${slice} hangs: its slice falls back within 5 s while the rest works; Retry after it is back renders it`, async ({ page, deploy }) => {
    const hanging = await deploy.hangingServer();
    const shell = await deploy.shell({ [slice]: `http://localhost:${hanging.port}/remoteEntry.js` });

    // The 5 s (+1 s slack) run from the moment the shell asks the remote for its entry.
    const entryRequested = page.waitForRequest(`http://localhost:${hanging.port}/remoteEntry.js`);
    await page.goto(shell + path, { waitUntil: 'commit' });
    await entryRequested;
    await expect(fallback(page)).toBeVisible({ timeout: 6_000 });
    await markDocument(page);

    await hanging.stop();
    await deploy.remote(slice, hanging.port);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveTitle(title);
    expect(await documentWasKept(page)).toBe(true);
    await expectRestOfSiteWorks(page, slice);
  });
}

test('a hanging remote does not hold up the other slices', async ({ page, deploy }) => {
  const hanging = await deploy.hangingServer();
  const shell = await deploy.shell({ games: `http://localhost:${hanging.port}/remoteEntry.js` });
  const started = Date.now();
  await page.goto(`${shell}/terms-and-conditions`);
  await expect(page).toHaveTitle('Terms and Conditions · Nova Reels');
  expect(Date.now() - started, 'the legal slice rendered before the games timeout').toBeLessThan(5_000);
});
