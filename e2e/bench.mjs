// @ts-check
// Benchmark of the composed production build: what each route costs a visitor in script bytes,
// how soon its content shows, and how much the layout shifts. Run with `pnpm bench`.
import { chromium } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { gzipSync } from 'node:zlib';
import { readRemotes, serveSite, shellPort } from '../scripts/serve.mjs';
import { slices } from '../packages/contracts/src/slices.js';
import { chromiumExecutable } from './ensure-browser.mjs';

const repoRoot = join(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const shellOrigin = `http://localhost:${shellPort}`;
const routes = ['/', '/games', '/games/pug-life', '/contact', '/terms-and-conditions', '/privacy-policy'];
const providerOrigin = new URL(parseEnv(readFileSync(join(repoRoot, '.env'), 'utf8')).VITE_GAME_DEMO_BASE_URL ?? '').origin;

/** @type {Map<string, string>} which built app each origin of the local deployment serves */
const appDirByOrigin = new Map([[shellOrigin, 'shell']]);
for (const [name, entry] of Object.entries(readRemotes(join(repoRoot, 'shell/dist')))) {
  appDirByOrigin.set(new URL(entry).origin, slices[/** @type {keyof typeof slices} */ (name)].folder);
}

/** @param {string} url */
function distFile(url) {
  const { origin, pathname } = new URL(url);
  return join(repoRoot, `${appDirByOrigin.get(origin)}/dist${pathname}`);
}
/** @param {string} file */
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
/** @param {number} bytes */
const kib = (bytes) => (bytes / 1024).toFixed(1);
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Records when the page's h1 appears, the layout shifts and the largest contentful paint. */
function observeInPage() {
  const metrics = { headingAt: NaN, cls: 0, lcp: NaN };
  Object.assign(window, { benchMetrics: metrics });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) if (!entry.hadRecentInput) metrics.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('main h1')) {
      metrics.headingAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** One cold visit of a route: fresh browser context, so nothing is cached. */
async function visit(/** @type {import('@playwright/test').Browser} */ browser, /** @type {string} */ path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(`${providerOrigin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<p>demo</p>' }));
  const page = await context.newPage();
  await page.addInitScript(observeInPage);
  /** @type {string[]} */
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url().split('?')[0] ?? '');
  });
  await page.goto(shellOrigin + path, { waitUntil: 'networkidle' });
  await page.locator('main h1').waitFor();
  // Let lazy content arrive: scroll through the page and back, then wait for the network.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  const metrics = await page.evaluate(() => /** @type {any} */ (window).benchMetrics);
  await context.close();
  const files = scripts.map(distFile);
  return {
    ...metrics,
    requests: scripts.length,
    origins: new Set(scripts.map((url) => new URL(url).origin)).size,
    raw: files.reduce((sum, file) => sum + statSync(file).size, 0),
    gzip: files.reduce((sum, file) => sum + gzipSize(file), 0),
  };
}

/** The built file of an app whose source map shows it carries `source`. */
function chunkCarrying(/** @type {string} */ app, /** @type {RegExp} */ source) {
  const assets = join(repoRoot, app, 'dist/assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js') && existsSync(join(assets, `${name}.map`)))
    .map((name) => join(assets, name))
    .find((file) => JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources.some((/** @type {string} */ s) => source.test(s)));
}

function buildReport() {
  const lines = ['| build | files | JS KiB | JS KiB gzip |', '| --- | ---: | ---: | ---: |'];
  for (const app of ['shell', ...[...appDirByOrigin.values()].filter((dir) => dir !== 'shell')]) {
    const dist = join(repoRoot, app, 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.js'))
      .map((name) => join(dist, name));
    const raw = files.reduce((sum, file) => sum + statSync(file).size, 0);
    lines.push(`| ${app} | ${files.length} | ${kib(raw)} | ${kib(files.reduce((sum, file) => sum + gzipSize(file), 0))} |`);
  }
  const artDir = join(repoRoot, 'packages/catalogue/src/art');
  const art = readdirSync(artDir).filter((name) => name.endsWith('.webp'));
  const artBytes = art.reduce((sum, name) => sum + statSync(join(artDir, name)).size, 0);
  lines.push('', `Game art: ${art.length} webp files, ${kib(artBytes)} KiB in all (${kib(artBytes / art.length)} KiB each on average).`);
  const avatar = chunkCarrying('mfe-marketing', /@dicebear\//);
  lines.push(avatar ? `Avatar chunk (DiceBear bottts): ${kib(statSync(avatar).size)} KiB, ${kib(gzipSize(avatar))} KiB gzip.` : 'Avatar chunk: none found.');
  return lines.join('\n');
}

const servers = await serveSite(() => {});
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  console.log(`# Nova Reels benchmark (${runs} cold visits per route, medians; 1280×800, local servers)\n`);
  console.log('| route | h1 shown ms | LCP ms | CLS (worst) | scripts | origins | JS KiB | JS KiB gzip |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const path of routes) {
    /** @type {Record<string, number>[]} */
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await visit(browser, path));
    const pick = (/** @type {string} */ key) => samples.map((sample) => sample[key] ?? NaN);
    console.log(
      `| ${path} | ${median(pick('headingAt')).toFixed(0)} | ${median(pick('lcp')).toFixed(0)} | ${Math.max(...pick('cls')).toFixed(4)} | ` +
        `${median(pick('requests'))} | ${median(pick('origins'))} | ${kib(median(pick('raw')))} | ${kib(median(pick('gzip')))} |`,
    );
  }
  console.log(`\n${buildReport()}`);
} finally {
  await browser.close();
  for (const server of servers) server.close();
}
