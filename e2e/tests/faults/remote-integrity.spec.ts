import type { Page } from '@playwright/test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, manifestIntegrity, remoteMapOf, shippedRemotes, test } from '../../support/deployments.ts';
import { dataBlockOf } from '../../support/data-block.ts';
import { repoRoot, titles } from '../../support/site.ts';

// These tests serve legal's files other than as published: the browser reports what it refused.
test.use({ allowConsoleErrors: true });

const fallback = (page: Page) => page.getByRole('heading', { name: 'This section is unavailable right now' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Legal's slot falls back; the other slices' pages work. */
async function expectOnlyLegalDown(page: Page) {
  await expect(fallback(page)).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveTitle(titles.games);
  await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveTitle(titles.contact);
}

test("an entry whose manifest is not the one its integrity names: on the server and in the browser, legal's pages fail alone", async ({
  page,
  deploy,
}) => {
  const map = JSON.parse(remoteMapOf(shippedRemotes));
  // The integrity of another build's manifest: what the origin serves is not what was published.
  map.microFrontends.legal[0].metadata.integrity = manifestIntegrity(join(repoRoot, 'mfe-games/dist'));
  const shell = await deploy.shell(JSON.stringify(map));
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  // The composer uses nothing of that version: the page goes without its fragment.
  const html = await (await page.request.get(`${shell}/terms-and-conditions`)).text();
  expect(dataBlockOf(html)?.slot).toBe('placeholder');
  expect(html).not.toContain('1. Introduction');

  // The browser fetches the manifest, refuses it, and loads nothing it names.
  await page.goto(`${shell}/terms-and-conditions`);
  await expectOnlyLegalDown(page);
  const legalOrigin = new URL(shippedRemotes.legal).origin;
  expect(requested).toContain(shippedRemotes.legal);
  expect(requested.filter((url) => url.startsWith(legalOrigin) && url !== shippedRemotes.legal)).toEqual([]);
});

test('a remote entry that is not the one its checked manifest names: it never runs, and only its pages fail', async ({
  page,
  deploy,
}) => {
  const root = deploy.copyOfBuild('legal');
  const entry = join(root, 'remoteEntry.js');
  writeFileSync(entry, `${readFileSync(entry, 'utf8')}\nglobalThis.novaTampered = true;\n`);
  for (const compressed of ['.br', '.gz']) rmSync(entry + compressed);
  const legal = await deploy.remote('legal', { root });
  const shell = await deploy.shell({ legal: legal.entry });

  await page.goto(`${shell}/games`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(fallback(page)).toBeVisible();
  expect(await page.evaluate(() => 'novaTampered' in globalThis)).toBe(false);
  await expectOnlyLegalDown(page);
});
