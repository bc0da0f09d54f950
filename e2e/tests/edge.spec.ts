import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { publishedVersion } from '../support/deployments.ts';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { readRemoteMap } from '@nova/deploy/deployment-root';
import { releasedVersion } from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { expect, securityHeaderNames, test } from '../support/edge.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { routes, shellBuild } from '../support/site.ts';
import { retitledLegalBuild, retitledTerms } from '../support/legal-team.ts';

// The edge (edge/nginx.conf) in front of the composer, in an environment of its own on free ports.

/** Whether React owns the node the composer put in the page's slot. */
const slotHydrated = (page: Page) =>
  page.evaluate(() => {
    const node = document.querySelector('[data-slot] > :not(style)');
    return !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  });

const cacheStatus = async (request: APIRequestContext, url: string) =>
  (await request.get(url)).headers()['x-cache-status'];

test('every route comes through the edge with its fragment, is kept there, and hydrates; slice files come precompressed', async ({
  page,
  request,
  edgeSite,
}) => {
  // The files the pages load from the slice origins and the shell's /assets/, all nginx's.
  const files: { url: string; encoding?: string; cacheControl?: string }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const fromSlice = Object.values(edgeSite.sliceOrigins).includes(url.origin);
    const shellAsset = url.origin === edgeSite.url && url.pathname.startsWith('/assets/');
    if ((fromSlice || shellAsset) && /\.(js|json)$/.test(url.pathname))
      files.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        cacheControl: response.headers()['cache-control'],
      });
  });

  for (const { path, title } of routes) {
    const url = `${edgeSite.url}${path}`;
    // A composer just started may send a page without its fragment (its lookup timed out): that
    // page is not for shared caches, so the edge passes it on without keeping it, and is asked again.
    let composed: APIResponse | undefined;
    await expect
      .poll(async () => dataBlockOf(await (composed = await request.get(url)).text())?.slot, {
        message: `${path}: with its fragment`,
      })
      .toBe('fragment');
    expect(composed?.status()).toBe(200);
    expect(composed?.headers()['x-cache-status'], `${path}: the first page with its fragment`).toBe('MISS');
    // Kept until the end of the second it was composed in: the next request then is the edge's.
    await expect.poll(() => cacheStatus(request, url), { intervals: [0] }).toBe('HIT');

    await page.goto(url);
    await expect(page).toHaveTitle(title);
    await expect.poll(() => slotHydrated(page), { message: `${path}: the server's slot hydrated` }).toBe(true);
  }

  const origins = new Set(files.map((file) => new URL(file.url).origin));
  expect(origins.size, 'origins of the files the pages loaded: the shell and every slice').toBe(1 + sliceNames.length);
  for (const file of files) {
    expect(file.encoding, file.url).toBe('br');
    expect(file.cacheControl, file.url).toBe('public, max-age=31536000, immutable');
  }
});

test("a page through the edge carries the composer's security headers, not the caches' own", async ({
  request,
  edgeSite,
}) => {
  const terms = `${edgeSite.url}/terms-and-conditions`;
  const direct = (await request.get(`${edgeSite.composer}/terms-and-conditions`)).headers();
  for (const attempt of ['the first', 'a kept']) {
    const headers = (await request.get(terms)).headers();
    for (const name of securityHeaderNames)
      expect(headers[name.toLowerCase()], `${name} on ${attempt} page`).toBe(direct[name.toLowerCase()]);
    for (const name of ['cache-tag', 'surrogate-key', 'server-timing'])
      expect(headers[name], `${name} on ${attempt} page`).toBeUndefined();
  }
  expect(direct['surrogate-key']).toBe('shell legal');
});

test('the edge keeps the remote map, never a preview, nothing but GET and HEAD', async ({ request, edgeSite }) => {
  const terms = `${edgeSite.url}/terms-and-conditions`;
  await request.get(terms);
  const legal = releasedVersion(readRemoteMap(edgeSite.root).microFrontends.legal ?? [])?.metadata.version;
  // Spelled as the composer reads it: the name percent-decoded.
  for (const name of ['preview', '%70review', 'pr%65vi%65%77'])
    for (const attempt of [1, 2]) {
      const preview = await request.get(`${terms}?${name}=legal@${legal}`);
      expect(preview.headers()['x-cache-status'], `${name}, request ${attempt}`).toBe('BYPASS');
      expect(preview.headers()['cache-control']).toBe('private, no-store');
    }
  // Any other query is the same page.
  await expect.poll(() => cacheStatus(request, `${terms}?utm_source=mail`), { intervals: [0] }).toBe('HIT');
  // The browser's remote map is kept like a page; a preview's is the tab's own.
  await expect.poll(() => cacheStatus(request, `${edgeSite.url}/remotes.json`), { intervals: [0] }).toBe('HIT');
  expect(await cacheStatus(request, `${edgeSite.url}/remotes.json?preview=legal@${legal}`)).toBe('BYPASS');

  const post = await request.post(terms, { data: 'x=1' });
  expect(post.status()).toBe(405);
  expect(post.headers()['allow']).toBe('GET, HEAD');
  expect(post.headers()['x-cache-status'], 'a POST is never looked up in the cache').toBeUndefined();
  expect((await request.get(terms)).status()).toBe(200);
});

test('a release through the edge: the next load shows the new version within a second', async ({
  page,
  request,
  edgeSite,
}) => {
  test.setTimeout(180_000);
  const terms = `${edgeSite.url}/terms-and-conditions`;
  /** The legal version the page through the edge loads. */
  const servedLegal = async () => dataBlockOf(await (await request.get(terms)).text())?.remotes.legal ?? '';

  // The legal team changes its heading, builds and publishes.
  const build = retitledLegalBuild();
  try {
    const version = publishedVersion(edgeSite.slice('publish', 'legal', '--dist', build.folder));
    expect(version).toBeDefined();

    // The edge holds the page of the version released before.
    await expect.poll(() => cacheStatus(request, terms), { intervals: [0] }).toBe('HIT');
    expect(await servedLegal()).not.toContain(`/${version}/`);

    edgeSite.slice('release', 'legal', version!);
    const released = performance.now();
    let visibleAfterMs = Infinity;
    while (performance.now() - released < 5000) {
      if ((await servedLegal()).includes(`/${version}/`)) {
        visibleAfterMs = performance.now() - released;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`edge: the release was served ${Math.round(visibleAfterMs)} ms after \`slice release\` returned`);
    test.info().annotations.push({ type: 'release visible after', description: `${Math.round(visibleAfterMs)} ms` });
    expect(visibleAfterMs, 'milliseconds from the release to the new version through the edge').toBeLessThan(1000);

    await page.goto(terms);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(retitledTerms);
    await expect.poll(() => slotHydrated(page)).toBe(true);
  } finally {
    build.remove();
  }
});

/** The entries nginx keeps on disk: a file each. */
const keptEntries = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

test('made-up addresses do not fill the edge: Not Found is answered, never kept', async ({ request, edgeSite }) => {
  // The site's pages are kept, as ever.
  await expect.poll(() => cacheStatus(request, `${edgeSite.url}/`), { intervals: [0] }).toBe('HIT');
  const before = keptEntries(edgeSite.cacheFolder);
  expect(before).toBeGreaterThan(0);
  for (let n = 0; n < 300; n += 1) {
    const path = n % 2 === 0 ? `/made-up-${n}` : `/games/made-up-${n}`;
    const answer = await request.get(`${edgeSite.url}${path}`);
    expect(answer.status(), path).toBe(404);
    expect(await answer.text()).toContain(n % 2 === 0 ? 'Page Not Found' : 'Game Not Found');
  }
  expect(keptEntries(edgeSite.cacheFolder), 'entries the edge keeps after 300 made-up addresses').toBe(before);
  // Asked again, still the composer's (which keeps one Not Found page for them all).
  expect(await cacheStatus(request, `${edgeSite.url}/made-up-0`)).toBe('MISS');
});

test('Accept-Encoding q-values are honoured alike by the edge and the composer: br;q=0 gets no brotli', async ({
  edgeSite,
}) => {
  const shellFile = readdirSync(join(shellBuild, 'assets')).find((file) => file.endsWith('.js'));
  /** The Content-Encoding `url` is sent in to a browser that sends `accepted`. */
  const encodingOf = async (url: string, accepted: string) => {
    const response = await fetch(url, { headers: { 'Accept-Encoding': accepted } });
    await response.body?.cancel();
    return response.headers.get('content-encoding') ?? 'identity';
  };
  for (const [accepted, expected] of [
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR; q=0.000, GZIP', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*;q=0', 'identity'],
  ] as const) {
    for (const origin of [edgeSite.url, edgeSite.composer]) {
      const where = origin === edgeSite.url ? 'through the edge' : 'at the composer';
      expect(await encodingOf(`${origin}/terms-and-conditions`, accepted), `a page ${where}, ${accepted}`).toBe(
        expected,
      );
      expect(await encodingOf(`${origin}/assets/${shellFile}`, accepted), `a file ${where}, ${accepted}`).toBe(
        expected,
      );
    }
  }
  // A weight is read in any case, and `*` stands for every coding not listed, by the edge's map and
  // the composer alike, for pages and files (the edge picks a file's precompressed form itself).
  for (const origin of [edgeSite.url, edgeSite.composer]) {
    for (const path of ['/terms-and-conditions', `/assets/${shellFile}`]) {
      expect(await encodingOf(`${origin}${path}`, 'br;Q=0, gzip'), `${origin}${path}`).toBe('gzip');
      expect(await encodingOf(`${origin}${path}`, 'br;q=0, *'), `${origin}${path}`).toBe('gzip');
    }
  }
});
