import type { Page } from '@playwright/test';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contactField } from '../../support/contact.ts';
import { expect, test } from '../../support/deployments.ts';
import { gate, htmlPage, never, slowDrip, status, truncated, type Fault } from '../../support/faults.ts';
import { watchForInjectedCode } from '../../support/injection.ts';
import { advanceUntilVisible, stopPageTime } from '../../support/page-clock.ts';

// These tests break the legal slice on purpose: the browser logs the failed loads.
test.use({ allowConsoleErrors: true });

const fallback = (page: Page) => page.getByRole('heading', { name: 'This section is unavailable right now' });
const termsHeading = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 1, name: 'Terms and Conditions' });

/**
 * Opens the Terms from Games by the footer link: the slot loads in the browser. (A first visit to
 * the Terms would get the page's HTML from the server, shown while its script is slow.)
 */
async function openTermsFromGames(page: Page, shell: string) {
  await page.goto(`${shell}/games`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
}
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** On Contact, types a name, then opens the Terms by the footer link. */
async function typeThenOpenTerms(page: Page, shell: string) {
  await page.goto(`${shell}/contact`);
  await contactField(page, 'Name').fill('Grace Hopper');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
}

/** The rest of the site works, and what was typed is still there. */
async function expectRestWorksAndDraftKept(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Games', exact: true })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(contactField(page, 'Name')).toHaveValue('Grace Hopper');
}

const failures: Record<string, Record<string, Fault>> = {
  'its manifest is missing (404)': { '/mf-manifest.json': status(404) },
  'its manifest fails (500)': { '/mf-manifest.json': status(500) },
  'its manifest is an HTML page': { '/mf-manifest.json': htmlPage },
  'its manifest is cut off': { '/mf-manifest.json': truncated },
  'its remote entry is missing (404)': { '/remoteEntry.js': status(404) },
  'its remote entry fails (500)': { '/remoteEntry.js': status(500) },
  'its remote entry is an HTML page': { '/remoteEntry.js': htmlPage },
  'its remote entry is cut off mid-script': { '/remoteEntry.js': truncated },
};

for (const [kind, faults] of Object.entries(failures)) {
  test(`a slice whose ${kind}: only its pages fall back, with Retry; the rest works and nothing typed is lost`, async ({
    page,
    deploy,
  }) => {
    const legal = await deploy.remote('legal', { faults });
    const shell = await deploy.shell({ legal: legal.entry });
    const expectNoInjectedCode = watchForInjectedCode(page);
    await typeThenOpenTerms(page, shell);
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expectRestWorksAndDraftKept(page);
    await expectNoInjectedCode();
  });
}

test('a slice whose manifest never answers falls back after 5 s of page time; the rest works', async ({
  page,
  deploy,
}) => {
  const legal = await deploy.remote('legal', { faults: { '/mf-manifest.json': never } });
  const shell = await deploy.shell({ legal: legal.entry });
  await stopPageTime(page);
  await page.goto(`${shell}/terms-and-conditions`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading…');
  await page.clock.runFor(4_900);
  await expect(fallback(page)).toBeHidden();
  await page.clock.runFor(100);
  await expect(fallback(page)).toBeVisible();
  await page.clock.resume();
  await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Games', exact: true })).toBeVisible();
});

for (const [file, name] of [
  ['/mf-manifest.json', 'manifest'],
  ['/remoteEntry.js', 'remote entry'],
] as const) {
  test(`slow is not dead: a slice whose ${name} answers only after the fallback shows replaces it by itself`, async ({
    page,
    deploy,
  }) => {
    const held = gate();
    const legal = await deploy.remote('legal', { faults: { [file]: held } });
    const shell = await deploy.shell({ legal: legal.entry });
    await stopPageTime(page);
    await openTermsFromGames(page, shell);
    await advanceUntilVisible(page, fallback(page));
    held.release();
    await advanceUntilVisible(page, termsHeading(page));
    await expect(fallback(page)).toBeHidden();
  });
}

test('slow is not dead: a remote entry that trickles in over 8 s shows the fallback, then the page by itself', async ({
  page,
  deploy,
}) => {
  const legal = await deploy.remote('legal', { faults: { '/remoteEntry.js': slowDrip(8_000) } });
  const shell = await deploy.shell({ legal: legal.entry });
  await stopPageTime(page);
  await openTermsFromGames(page, shell);
  await advanceUntilVisible(page, fallback(page));
  await advanceUntilVisible(page, termsHeading(page));
});

test('an exposed page that throws while rendering: its slot falls back, the rest works and nothing typed is lost', async ({
  page,
  deploy,
}) => {
  const root = deploy.copyOfBuild('legal');
  const assets = join(root, 'assets');
  const termsChunk = readdirSync(assets).find((file) => /^TermsPage-[\w-]+\.js$/.test(file))!;
  writeFileSync(
    join(assets, termsChunk),
    'export default function TermsPage() { throw new Error("The terms could not be drawn."); }\n',
  );
  for (const compressed of ['.br', '.gz']) rmSync(join(assets, termsChunk + compressed));
  const legal = await deploy.remote('legal', { root });
  const shell = await deploy.shell({ legal: legal.entry });
  await typeThenOpenTerms(page, shell);
  await expect(fallback(page)).toBeVisible();
  await expectRestWorksAndDraftKept(page);
});
