import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { devPagesPath, overrideCookie, overrideSetCookie } from '@nova/contracts/dev-override';
import { overrideToken } from '@nova/signing/override-token';
import { signer } from '@nova/signing/signing';
import { environmentKey } from '@nova/signing/signing-key';
import { composerProcess } from '../support/composer-process.ts';
import { edgeBefore } from '../support/edge.ts';
import { expect, test } from '../support/fixtures.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { repoRoot, shellOrigin } from '../support/site.ts';
import { legalCheckout, sliceDev } from '../support/slice-dev.ts';

const devOrigin = 'http://localhost:5176';
const terms = '/terms-and-conditions';
const termsHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const notice = (page: Page) => page.getByRole('complementary', { name: 'Development override' });

test('slice dev: legal from source in one browser of the local environment, by HMR and in its server HTML; others, the edge and a production composer keep the released site', async ({
  page,
  browser,
}) => {
  test.setTimeout(4 * 60_000);
  const took: string[] = [];
  let started = Date.now();
  const lap = (what: string) => {
    took.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
  };
  const checkout = legalCheckout();
  const stops: (() => unknown)[] = [checkout.remove];
  try {
    const other = await browser.newContext();
    stops.push(() => other.close());
    const released = await (await other.request.get(`${shellOrigin}${terms}`)).text();

    const dev = await sliceDev(checkout.folder, ['legal', '--root', join(repoRoot, 'deployments')]);
    stops.push(dev.stop);
    expect(dev.link).toMatch(new RegExp(`^${shellOrigin}${terms}\\?override=[\\w-]+\\.[\\w-]+$`));
    lap('slice dev started');
    // The pages its source declares now, which the composer routes its browser by.
    const declared = JSON.parse(readFileSync(join(checkout.folder, 'src/exposes/pages.json'), 'utf8'));
    expect(await (await page.request.get(`${devOrigin}${devPagesPath}`)).json()).toEqual(declared);

    // Browser A opens the link: the dev server's fragment in the server's HTML, and it hydrates.
    const response = await page.goto(dev.link);
    expect(page.url()).toBe(`${shellOrigin}${terms}`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src [^;]*http:\/\/localhost:5176/);
    expect(response?.headers()['content-security-policy']).toMatch(/connect-src [^;]*ws:\/\/localhost:5176/);
    const html = (await response?.text()) ?? '';
    expect(dataBlockOf(html)).toMatchObject({
      remotes: { legal: `${devOrigin}/remoteEntry.js` },
      overrides: { legal: devOrigin },
      slot: 'fragment',
    });
    await expect(notice(page)).toContainText(`legal from ${devOrigin}`);
    await expect(termsHeading(page)).toHaveText('Terms and Conditions');
    lap('browser A hydrated');

    // An edit shows in A without a reload, and in A's next server HTML.
    await page.evaluate(() => Object.assign(window, { novaMarker: 'kept' }));
    const source = join(checkout.folder, 'src/terms/TermsPage.tsx');
    writeFileSync(
      source,
      readFileSync(source, 'utf8').replace('title="Terms and Conditions"', 'title="Terms, edited"'),
    );
    await expect(termsHeading(page)).toHaveText('Terms, edited');
    expect(await page.evaluate(() => (window as { novaMarker?: string }).novaMarker)).toBe('kept');
    const next = await page.context().request.get(`${shellOrigin}${terms}`);
    expect(await next.text()).toContain('Terms, edited');
    lap('edit shown');

    // Browser B keeps the released page, byte for byte: the composer kept none of A's.
    const seenByOther = await other.request.get(`${shellOrigin}${terms}`);
    expect(await seenByOther.text()).toBe(released);
    expect(seenByOther.headers()['cache-control']).toContain('s-maxage');

    // Through a real edge: A's answers are never kept (BYPASS), and B's stay the released page.
    const edge = await edgeBefore(shellOrigin);
    stops.push(edge.stop);
    const cookie = (await page.context().cookies(shellOrigin)).find(({ name }) => name === overrideCookie);
    expect(cookie?.httpOnly).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      const fromEdgeA = await fetch(`${edge.origin}${terms}`, {
        headers: { Cookie: `${overrideCookie}=${cookie?.value}` },
      });
      expect(fromEdgeA.headers.get('x-cache-status')).toBe('BYPASS');
      expect(fromEdgeA.headers.get('cache-control')).toBe('private, no-store');
      expect(fromEdgeA.headers.get('content-security-policy')).toContain(devOrigin);
      expect(await fromEdgeA.text()).toContain('Terms, edited');
      const fromEdgeB = await fetch(`${edge.origin}${terms}`);
      expect(fromEdgeB.headers.get('x-cache-status')).toMatch(/^(MISS|HIT|EXPIRED|UPDATING|REVALIDATED)$/);
      expect(fromEdgeB.headers.get('content-security-policy')).not.toContain(devOrigin);
      expect(await fromEdgeB.text()).toBe(released);
    }
    // The link and its end reach the composer through the edge, though the page is kept there.
    const { search } = new URL(dev.link);
    for (const [query, setCookie] of [
      // Kept as long as the link's token holds.
      [search, new RegExp(`^${overrideCookie}=${cookie?.value}; `)],
      ['?override=off', overrideSetCookie('', 0, false)],
    ] as const) {
      const link = await fetch(`${edge.origin}${terms}${query}`, { redirect: 'manual' });
      expect(link.status).toBe(303);
      expect(link.headers.get('x-cache-status')).toBe('BYPASS');
      expect(link.headers.get('set-cookie')).toMatch(setCookie);
    }
    const kept = readdirSync(edge.cacheFolder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((file) => file.includes('Terms, edited') || file.includes(devOrigin))).toEqual([]);
    lap('edge checked');

    // An environment configured as production refuses the same link and cookie, saying nothing.
    const production = await composerProcess(join(repoRoot, 'deployments'), { OVERRIDES: 'off' });
    stops.push(production.stop);
    const normalCsp = (await fetch(`${production.origin}${terms}`)).headers.get('content-security-policy');
    for (const attempt of [
      await fetch(`${production.origin}${new URL(dev.link).pathname}${new URL(dev.link).search}`, {
        redirect: 'manual',
      }),
      await fetch(`${production.origin}${terms}`, { headers: { Cookie: `${overrideCookie}=${cookie?.value}` } }),
    ]) {
      expect(attempt.status).toBe(200);
      expect(attempt.headers.get('set-cookie')).toBeNull();
      expect(attempt.headers.get('content-security-policy')).toBe(normalCsp);
      expect(normalCsp).not.toContain('5176');
      const shown = dataBlockOf(await attempt.text());
      expect(shown?.overrides).toBeUndefined();
      expect(shown?.remotes.legal).toMatch(/^http:\/\/localhost:4176\/.+\/mf-manifest\.json$/);
    }
    lap('production refused');

    // A link or cookie this environment did not sign, or for a dev server it does not allow, is ignored.
    const [body = '', mac = ''] = new URL(dev.link).searchParams.get('override')!.split('.');
    const forged = `${body}.${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const elsewhere = overrideToken(signer(environmentKey({ root: join(repoRoot, 'deployments') })!), {
      slice: 'legal',
      origin: 'http://dev.example:5176',
      expiresAt: Date.now() + 60_000,
    });
    for (const token of [forged, elsewhere]) {
      const viaLink = await fetch(`${shellOrigin}${terms}?override=${token}`, { redirect: 'manual' });
      expect(viaLink.status).toBe(200);
      expect(await viaLink.text()).toBe(released);
      const viaCookie = await fetch(`${shellOrigin}${terms}`, { headers: { Cookie: `${overrideCookie}=${token}` } });
      expect(viaCookie.headers.get('cache-control')).toContain('s-maxage');
      expect(await viaCookie.text()).toBe(released);
    }

    // The override holds on A's every page, and says so: another slice's page, released; from
    // there, legal's page again in the browser, from the dev server /remotes.json names for A.
    await page.goto(`${shellOrigin}/contact`);
    await expect(notice(page)).toContainText(`legal from ${devOrigin}`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(termsHeading(page)).toHaveText('Terms, edited');

    // End override: A is back on the released version.
    await notice(page).getByRole('button', { name: 'End override' }).click();
    await expect(notice(page)).toHaveCount(0);
    await expect(termsHeading(page)).toHaveText('Terms and Conditions');
    expect(page.url()).toBe(`${shellOrigin}${terms}`);
    expect(await (await page.context().request.get(`${shellOrigin}${terms}`)).text()).toBe(released);
    lap('override ended');
  } finally {
    for (const stop of stops.reverse()) await stop();
    console.log(`slice dev e2e: ${took.join(', ')}`);
  }
});
