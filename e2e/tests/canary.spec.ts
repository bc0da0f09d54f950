import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { readRemoteMap } from '@nova/deploy/deployment-root';
import { releasedVersion } from '@nova/contracts/remote-map';
import { fieldSignalsPath, fieldSignalTokenPath, metricNames, metricsPath } from '@nova/contracts/field-signals';
import { bucketCookie, bucketCount, bucketSetCookie } from '@nova/contracts/traffic';
import { publishedVersion } from '../support/deployments.ts';
import { expect, test } from '../support/edge.ts';
import { untilServerHtmlHydrated } from '../support/fixtures.ts';
import { anotherLegalVersion, retitledLegalBuild, retitledTerms } from '../support/legal-team.ts';
import { counted, scrape } from '../support/metrics.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { visitorOf, type Visitor } from '../support/visitor.ts';

// A canary release at 50 %, through the edge (edge/nginx.conf) in an environment of its own.

const released = 'Terms and Conditions';
const termsHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** The page as the visitor's browser gets it first: its heading in the server's HTML, the legal version it names, its slot. */
async function serverPage(page: Page, url: string) {
  const html = (await (await page.goto(url))!.text()) ?? '';
  const data = dataBlockOf(html);
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

/** The legal version a page names (its data block), or the one /remotes.json lists for legal. */
const legalOfPage = (html: string) => dataBlockOf(html)?.versions?.legal;
const legalOfMap = (json: string) =>
  (JSON.parse(json) as { microFrontends: Record<string, { metadata: { version: string } }[]> }).microFrontends
    .legal?.[0]?.metadata.version;

/** Legal's released version in an environment, and a canary of another version at `share` %. */
function legalCanary(edgeSite: { root: string; slice(...args: string[]): string }, share: number) {
  const build = anotherLegalVersion();
  const released = releasedVersion(readRemoteMap(edgeSite.root).microFrontends.legal ?? [])!.metadata.version;
  const canary = publishedVersion(edgeSite.slice('publish', 'legal', '--dist', build.folder))!;
  expect(edgeSite.slice('release', 'legal', canary, '--traffic', String(share))).toContain(canary);
  return { released, canary, remove: build.remove };
}

/** The Set-Cookie headers of an answer (`headers()` leaves them out). */
const setCookies = (response: APIResponse) =>
  response
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === 'set-cookie')
    .map(({ value }) => value);

/**
 * Until a cookie-less request for each of `urls` is given a bucket: the pages kept before the
 * canary have expired (a canary, like a release, shows within a second).
 */
const untilBucketsAreGiven = async (...urls: string[]) => {
  for (const url of urls)
    await expect
      .poll(async () =>
        (await fetch(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })).headers.get('set-cookie'),
      )
      .toMatch(new RegExp(`^${bucketCookie}=\\d`));
};

test("through an edge that kept the pages before the canary, 200 new visitors split by the canary's share, each kept on its version", async ({
  playwright,
  edgeSite,
}) => {
  test.setTimeout(240_000);
  const terms = `${edgeSite.url}/terms-and-conditions`;
  const remotes = `${edgeSite.url}/remotes.json`;
  // The edge keeps the page and the map, as cookie-less visitors get them, in every form.
  for (const url of [terms, remotes])
    for (const encoding of ['br', 'gzip', 'identity'])
      await expect
        .poll(async () =>
          (await fetch(url, { headers: { 'Accept-Encoding': encoding } })).headers.get('x-cache-status'),
        )
        .toBe('HIT');

  const share = 20;
  const { released, canary, remove } = legalCanary(edgeSite, share);
  try {
    await untilBucketsAreGiven(terms, remotes);
    const visitors = 200;
    /** One new visitor with a cookie jar of their own: arrives at `first`, then loads the page and the map twice each. */
    const visit = async (first: string) => {
      const visitor = await playwright.request.newContext();
      try {
        const arrival = await visitor.get(first);
        expect(arrival.headers()['cache-control']).toBe('private, no-store');
        const cookies = (await visitor.storageState()).cookies.filter(({ name }) => name === bucketCookie);
        expect(cookies).toHaveLength(1);
        const bucket = Number(cookies[0]!.value);
        expect(bucket).toBeGreaterThanOrEqual(0);
        expect(bucket).toBeLessThan(bucketCount);
        // Given by the edge as the composer gives it.
        expect(setCookies(arrival)).toEqual([bucketSetCookie(bucket, false)]);
        const version = bucket < share ? canary : released;
        const arrived = await arrival.text();
        expect(first === terms ? legalOfPage(arrived) : legalOfMap(arrived), `bucket ${bucket}, ${first}`).toBe(
          version,
        );
        for (let load = 0; load < 2; load += 1) {
          const page = await visitor.get(terms);
          expect(legalOfPage(await page.text()), `bucket ${bucket}'s page, load ${load}`).toBe(version);
          expect(setCookies(page)).toEqual([]);
          const map = await visitor.get(remotes);
          expect(legalOfMap(await map.text()), `bucket ${bucket}'s remote map, load ${load}`).toBe(version);
          expect(setCookies(map)).toEqual([]);
        }
        return version === canary;
      } finally {
        await visitor.dispose();
      }
    };
    // Binomial: n visitors, each on the canary with p = share; within 3σ of n·p but about 1 time in 370.
    const p = share / 100;
    const sigma = Math.sqrt(visitors * p * (1 - p));
    for (const first of [terms, remotes]) {
      const onCanary: boolean[] = [];
      for (let batch = 0; batch < visitors / 10; batch += 1)
        onCanary.push(...(await Promise.all(Array.from({ length: 10 }, () => visit(first)))));
      const count = onCanary.filter(Boolean).length;
      console.log(`canary through the edge: ${count} of ${visitors} new visitors arriving at ${first} on the canary`);
      expect(count, `visitors on the canary, arriving at ${first}`).toBeGreaterThanOrEqual(
        Math.ceil(visitors * p - 3 * sigma),
      );
      expect(count, `visitors on the canary, arriving at ${first}`).toBeLessThanOrEqual(
        Math.floor(visitors * p + 3 * sigma),
      );
    }

    // A page of a slice without a canary is one page for everyone: kept by the edge, no bucket given.
    const newcomer = await playwright.request.newContext();
    try {
      const given: string[] = [];
      await expect
        .poll(async () => {
          const home = await newcomer.get(`${edgeSite.url}/`);
          given.push(...setCookies(home));
          return home.headers()['x-cache-status'];
        })
        .toBe('HIT');
      expect(given).toEqual([]);
      expect((await newcomer.storageState()).cookies).toEqual([]);
    } finally {
      await newcomer.dispose();
    }
  } finally {
    remove();
  }
});

test('an ambiguous bucket cookie is answered privately with the released version and poisons nothing, through the edge and at the composer alike', async ({
  edgeSite,
}) => {
  test.setTimeout(120_000);
  const { released, canary, remove } = legalCanary(edgeSite, 50);
  try {
    await untilBucketsAreGiven(`${edgeSite.url}/terms-and-conditions`);
    /** What an answer says of the Cookie header: a new visitor's (given a bucket), a bucket's (kept), or ambiguous (private). */
    const reading = (response: Response) =>
      response.headers.get('set-cookie')
        ? 'new'
        : response.headers.get('cache-control') === 'private, no-store'
          ? 'ambiguous'
          : 'bucket';
    const cases = [
      ['', 'new'],
      ['theme=dark', 'new'],
      ['NOVA_BUCKET=5', 'new'],
      ['xnova_bucket=5', 'new'],
      ['nova_bucket=3', 'bucket'],
      ['theme=dark; nova_bucket=97', 'bucket'],
      ['nova_bucket=x; nova_bucket=0', 'ambiguous'],
      ['nova_bucket=0; nova_bucket=0', 'ambiguous'],
      ['nova_bucket=05', 'ambiguous'],
      ['nova_bucket=100', 'ambiguous'],
      ['nova_bucket =5', 'ambiguous'],
    ] as const;
    // One rule: the edge and the composer read every header alike.
    for (const [cookie, expected] of cases)
      for (const origin of [edgeSite.url, edgeSite.composer]) {
        const answer = await fetch(`${origin}/terms-and-conditions`, { headers: cookie ? { Cookie: cookie } : {} });
        expect(reading(answer), `${cookie} at ${origin}`).toBe(expected);
        const version = legalOfPage(await answer.text());
        if (expected === 'ambiguous') expect(version, `${cookie} at ${origin}`).toBe(released);
        if (expected === 'bucket') expect(version).toBe(Number(/=(\d+)/.exec(cookie)![1]) < 50 ? canary : released);
      }

    // A duplicate cookie, over and over, for more than a second: never kept, never shown to anyone else.
    const duplicate = { Cookie: 'nova_bucket=x; nova_bucket=0' };
    for (const origin of [edgeSite.url, edgeSite.composer]) {
      const terms = `${origin}/terms-and-conditions`;
      for (const started = performance.now(); performance.now() - started < 2500;) {
        const poison = await fetch(terms, { headers: duplicate });
        expect(poison.headers.get('cache-control')).toBe('private, no-store');
        expect(poison.headers.get('set-cookie')).toBeNull();
        if (origin === edgeSite.url) expect(poison.headers.get('x-cache-status')).toBe('BYPASS');
        expect(legalOfPage(await poison.text())).toBe(released);
        const newcomer = await fetch(terms);
        const bucket = Number(/^nova_bucket=(\d+);/.exec(newcomer.headers.get('set-cookie') ?? '')?.[1]);
        expect(bucket, `a new visitor at ${origin} is given a bucket`).toBeGreaterThanOrEqual(0);
        expect(legalOfPage(await newcomer.text())).toBe(bucket < 50 ? canary : released);
        for (const [kept, version] of [
          [0, canary],
          [99, released],
        ] as const) {
          const page = await fetch(terms, { headers: { Cookie: `${bucketCookie}=${kept}` } });
          expect(legalOfPage(await page.text()), `bucket ${kept} at ${origin}`).toBe(version);
        }
      }
    }
  } finally {
    remove();
  }
});

test.describe('an edge that keeps its 300 a few seconds', () => {
  const bucketChoiceSeconds = 3;
  test.use({ bucketChoiceSeconds });

  test("when the composer is down for longer than the edge keeps its 300, a canary's pages still come from what it kept per bucket", async ({
    edgeSite,
  }) => {
    const terms = `${edgeSite.url}/terms-and-conditions`;
    const { released, canary, remove } = legalCanary(edgeSite, 50);
    try {
      await untilBucketsAreGiven(terms);
      const inBucket = (bucket: number) => ({ Cookie: `${bucketCookie}=${bucket}`, 'Accept-Encoding': 'br' });
      for (const bucket of [3, 97])
        await expect
          .poll(async () => (await fetch(terms, { headers: inBucket(bucket) })).headers.get('x-cache-status'))
          .toBe('HIT');
      await edgeSite.stopComposer();
      // The edge keeps its 300 (the page depends on the bucket) as long as the composer said; past
      // that, it asks the composer again, fails, and still answers from the bucket's page.
      for (const started = performance.now(); performance.now() - started < (bucketChoiceSeconds + 5) * 1000;) {
        for (const [bucket, version] of [
          [3, canary],
          [97, released],
        ] as const) {
          const page = await fetch(terms, { headers: inBucket(bucket) });
          expect(page.status, `bucket ${bucket}`).toBe(200);
          expect(legalOfPage(await page.text()), `bucket ${bucket}`).toBe(version);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      remove();
    }
  });
});
