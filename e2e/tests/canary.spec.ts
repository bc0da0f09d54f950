import type { APIRequestContext, Page } from '@playwright/test';
import { readRemoteMap } from '@nova/deploy/environment';
import { releasedVersion } from '@nova/contracts/remote-map';
import { fieldSignalsPath, fieldSignalTokenPath, metricNames, metricsPath } from '@nova/contracts/field-signals';
import { bucketCookie } from '@nova/contracts/traffic';
import { publishedVersion } from '../support/deployments.ts';
import { expect, test } from '../support/edge.ts';
import { untilServerHtmlHydrated } from '../support/fixtures.ts';
import { retitledLegalBuild, retitledTerms } from '../support/legal-team.ts';
import { counted, scrape } from '../support/metrics.ts';
import { serverRenderOf } from '../support/server-render.ts';
import { visitorOf, type Visitor } from '../support/visitor.ts';

// A canary release at 50 %, through the edge (edge/nginx.conf) in an environment of its own.

const released = 'Terms and Conditions';
const termsHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** The page as the visitor's browser gets it first: its heading in the server's HTML, the legal version it names, its slot. */
async function serverPage(page: Page, url: string) {
  const html = (await (await page.goto(url))!.text()) ?? '';
  const data = serverRenderOf(html);
  return { retitled: html.includes(`>${retitledTerms}<`), version: data?.versions?.legal, slot: data?.slot };
}

/** The page the edge sends for a bucket, and whether it came from its cache. */
async function throughEdge(request: APIRequestContext, url: string, bucket: number) {
  const response = await request.get(url, { headers: { Cookie: `${bucketCookie}=${bucket}` } });
  return {
    retitled: (await response.text()).includes(`>${retitledTerms}<`),
    cache: response.headers()['x-cache-status'],
  };
}

test('a release at 50 %: each visitor keeps one version on every page, fragment and scripts alike, and caches never mix buckets', async ({
  browser,
  request,
  edgeSite,
}) => {
  test.setTimeout(240_000);
  const build = retitledLegalBuild();
  const visitors: Visitor[] = [];
  try {
    const canary = publishedVersion(edgeSite.slice('publish', 'legal', '--dist', build.folder))!;
    const before = releasedVersion(readRemoteMap(edgeSite.root).microFrontends.legal ?? [])!.metadata.version;
    expect(edgeSite.slice('release', 'legal', canary, '--traffic', '50')).toContain(canary);
    const terms = `${edgeSite.url}/terms-and-conditions`;
    const legal = edgeSite.sliceOrigins.legal!;

    // A bucket under the share sees the canary, one over it the released version: the server's
    // HTML, the page once hydrated, every script of the slice, on every page, after reloads.
    for (const [bucket, version, heading] of [
      [10, canary, retitledTerms],
      [90, before, released],
    ] as const) {
      const someone = await visitorOf(browser, edgeSite.url, bucket);
      visitors.push(someone);
      // A composer that has just seen a new version may send its page without the fragment (its
      // lookup timed out): that page is composed again, and asked for again here.
      await expect
        .poll(async () => {
          const { version: shown, slot } = await serverPage(someone.page, terms);
          return { shown, slot };
        })
        .toEqual({ shown: version, slot: 'fragment' });
      // Each step waits for the page to be live, so the slice's scripts have been asked for.
      expect((await serverPage(someone.page, terms)).retitled).toBe(heading === retitledTerms);
      await untilServerHtmlHydrated(someone.page);
      await expect(termsHeading(someone.page)).toHaveText(heading);
      await someone.page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(termsHeading(someone.page)).toHaveText('Privacy Policy');
      await someone.page.goBack();
      await expect(termsHeading(someone.page)).toHaveText(heading);
      await someone.page.reload();
      await untilServerHtmlHydrated(someone.page);
      await expect(termsHeading(someone.page)).toHaveText(heading);
      const legalScripts = someone.scripts.filter((script) => script.startsWith(legal));
      expect(legalScripts.length).toBeGreaterThan(0);
      for (const script of legalScripts) expect(script, `bucket ${bucket}'s legal scripts`).toContain(`/${version}/`);
    }

    // A new visitor is given a bucket once, and keeps it and its version across visits.
    const newcomer = await visitorOf(browser, edgeSite.url);
    visitors.push(newcomer);
    await newcomer.page.goto(terms);
    const bucket = await newcomer.bucketNow();
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(100);
    const theirs = bucket < 50 ? retitledTerms : released;
    await expect(termsHeading(newcomer.page)).toHaveText(theirs);
    for (let visit = 0; visit < 3; visit += 1) {
      await newcomer.page.reload();
      await expect(termsHeading(newcomer.page)).toHaveText(theirs);
      expect(await newcomer.bucketNow()).toBe(bucket);
    }

    // The edge keeps a page per bucket and never sends one bucket's to another.
    await expect.poll(async () => (await throughEdge(request, terms, 3)).cache).toBe('HIT');
    await expect.poll(async () => (await throughEdge(request, terms, 97)).cache).toBe('HIT');
    for (let round = 0; round < 3; round += 1) {
      expect((await throughEdge(request, terms, 3)).retitled, 'bucket 3 through the edge').toBe(true);
      expect((await throughEdge(request, terms, 97)).retitled, 'bucket 97 through the edge').toBe(false);
    }

    // Field signals and their tokens pass through the edge to the composer (never kept); its
    // metrics are served on a port of their own, not there.
    const views = async () =>
      counted((await scrape(request, edgeSite.metrics)).parsed, metricNames.pageViews, {
        slice: 'legal',
        version: canary,
      });
    const viewsBefore = await views();
    const inBucket3 = { Cookie: `${bucketCookie}=3` };
    const issued = await request.get(`${edgeSite.url}${fieldSignalTokenPath}`, { headers: inBucket3 });
    expect(issued.headers()['x-cache-status']).not.toBe('HIT');
    expect(issued.headers()['cache-control']).toBe('private, no-store');
    const { token } = await issued.json();
    const beacon = await request.post(`${edgeSite.url}${fieldSignalsPath}`, {
      data: { token, signals: [{ slice: 'legal', version: canary, signal: 'view' }] },
    });
    expect(beacon.status()).toBe(204);
    expect(await views()).toBe(viewsBefore + 1);
    expect((await request.get(`${edgeSite.url}${metricsPath}`)).status()).toBe(404);

    // Promoted: every visitor gets it, within about a second.
    edgeSite.slice('release', 'legal', canary);
    await expect.poll(async () => (await throughEdge(request, terms, 97)).retitled).toBe(true);

    for (const { errors } of visitors) expect(errors, 'page and console errors').toEqual([]);
  } finally {
    await Promise.all(visitors.map(({ close }) => close()));
    build.remove();
  }
});
