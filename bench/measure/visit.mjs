// @ts-check
// Cold visits of one page in a fresh browser context: what it downloads, and how soon it shows
// on a slow mobile network.
import { gzipSync } from 'node:zlib';
import { watchNetwork } from './network.mjs';
import { longestRequestChain } from './waves.mjs';

/** @typedef {import('@playwright/test').Browser} Browser */

/** Lighthouse's "slow 4G" mobile network: 150 ms round trip, 1.6 Mbps down, 750 Kbps up. */
const slowNetwork = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** The gzip size (level 9) of a file's bytes: the same measure for every build. */
const gzipSize = (/** @type {Buffer} */ bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * The scripts a cold visit downloads, lazy ones included (it scrolls through the page), and
 * their gzip size: the page's own, not those of the third party in the game frame.
 * @param {Browser} browser
 * @param {string} url
 */
export async function measureScripts(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const network = watchNetwork(page);
  /** @type {Promise<{ url: string, gzip: number }>[]} */
  const scripts = [];
  const onResponse = (/** @type {import('@playwright/test').Response} */ response) => {
    if (response.request().resourceType() !== 'script' || response.frame() !== page.mainFrame()) return;
    scripts.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSize(body) })));
  };
  page.on('response', onResponse);
  await page.addInitScript(observeFirstScreen);
  await page.goto(url, { waitUntil: 'commit' });
  // Until the page responds: what it loads once live (its field signals) counts too, however
  // long hydration takes on a busy machine.
  await untilResponds(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await network.quiet();
  // No body read may start after this: the context closes below, and a read left behind would fail.
  page.off('response', onResponse);
  const files = await Promise.all(scripts);
  await context.close();
  return { requests: files.length, gzip: files.reduce((sum, file) => sum + file.gzip, 0), files };
}

/**
 * In the page: when the main heading is first painted, the first contentful paint, the largest
 * contentful paint, and when React owns the heading (the page responds: rendered in the browser,
 * or server HTML hydrated).
 */
function observeFirstScreen() {
  const metrics = { headingAt: NaN, fcp: NaN, lcp: NaN, respondsAt: NaN };
  Object.assign(window, { firstScreen: metrics });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) metrics.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const watchReact = (/** @type {number} */ time) => {
    const heading = document.querySelector('main h1');
    if (heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'))) metrics.respondsAt = time;
    else requestAnimationFrame(watchReact);
  };
  requestAnimationFrame(watchReact);
  const headingPainted = () => requestAnimationFrame((time) => (metrics.headingAt = time));
  if (document.querySelector('main h1')) return headingPainted();
  new MutationObserver((_, observer) => {
    if (!document.querySelector('main h1')) return;
    observer.disconnect();
    headingPainted();
  }).observe(document, { childList: true, subtree: true });
}

/** Until React owns the page's heading (`observeFirstScreen` watches for it). */
const untilResponds = (/** @type {import('@playwright/test').Page} */ page) =>
  page.waitForFunction(() => !Number.isNaN(/** @type {any} */ (window).firstScreen.respondsAt), undefined, {
    timeout: 60_000,
  });

/**
 * A cold visit on the slow network: when the heading shows, LCP, how long after the first paint
 * the page responds, and the request waves before
 * the heading (read from Resource Timing, which every origin reports start and end of).
 * @param {Browser} browser
 * @param {string} url
 */
export async function measureSlowVisit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...slowNetwork });
  await page.addInitScript(observeFirstScreen);
  const network = watchNetwork(page);
  await page.goto(url, { waitUntil: 'commit' });
  await untilResponds(page);
  await network.quiet();
  const { headingAt, fcp, lcp, respondsAt, requests } = await page.evaluate(() => {
    // The tab icon is fetched by the browser for itself; nothing on the page waits for it.
    const icon = document.querySelector('link[rel~="icon"]')?.getAttribute('href');
    const iconUrl = icon ? new URL(icon, location.href).href : undefined;
    const entries = /** @type {PerformanceResourceTiming[]} */ ([
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ]).filter((entry) => entry.name !== iconUrl);
    return {
      .../** @type {any} */ (window).firstScreen,
      requests: entries.map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    };
  });
  await context.close();
  const chain = longestRequestChain(requests, headingAt);
  return {
    headingAt,
    lcp,
    respondsAfterPaint: Math.max(0, respondsAt - fcp),
    waves: chain.length,
    chain: chain.map((request) => request.name),
  };
}
