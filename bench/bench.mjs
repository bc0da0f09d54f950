// @ts-check
// What Module Federation costs a visitor: every route of the composed portal side by side with
// the same pages built as one plain Vite app. Prints the table and writes docs/performance.md.
// Run with `pnpm bench` (builds first). BENCH_RUNS slow-network visits and LIGHTHOUSE_RUNS
// audits per route and build; medians are reported.
import { chromium } from '@playwright/test';
import { fullChromium } from '@nova/tooling/chromium';
import { controlsBeforeScript } from './measure/controls.mjs';
import { lighthouseMobile } from './measure/lighthouse.mjs';
import { updatePerformanceDoc, withPage } from './performance-doc.mjs';
import { measureScripts, measureSlowVisit } from './measure/visit.mjs';
import { untilQuietMachine } from './quiet-machine.mjs';
import { performanceReport } from './report.mjs';
import { buildOneApp, routes, serveBothBuilds } from './sites.mjs';

const slowRuns = Number(process.env.BENCH_RUNS ?? 3);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const verbose = process.argv.includes('--verbose');

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * @template T
 * @param {number} runs
 * @param {() => Promise<T>} measure
 */
async function repeat(runs, measure) {
  /** @type {T[]} */
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await measure());
  return samples;
}

const machineLoad = await untilQuietMachine({ benchmark: 'bench' });
await buildOneApp();
const sites = await serveBothBuilds();
const browser = await chromium.launch({
  executablePath: fullChromium(chromium.executablePath()),
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
/**
 * One build's figures for one route.
 * @param {string} url
 * @returns {Promise<import('./report.mjs').BuildResult>}
 */
async function measure(url) {
  const scripts = await measureScripts(browser, url);
  const controls = await controlsBeforeScript(browser, url);
  const slow = await repeat(slowRuns, () => measureSlowVisit(browser, url));
  const audits = await repeat(lighthouseRuns, () => lighthouseMobile(url, fullChromium(chromium.executablePath())));
  if (verbose) {
    console.log(`${url}: waves ${slow.map((sample) => sample.waves).join(' ')}; the first run's chain:`);
    for (const name of slow[0]?.chain ?? []) console.log(`  ${name}`);
    for (const file of scripts.files) console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KiB  ${file.url}`);
    console.log(`  controls before script: ${controls.shown} shown; idle: ${controls.idle.join(', ') || 'none'}`);
  }
  return {
    gzip: scripts.gzip,
    requests: scripts.requests,
    controls,
    waves: median(slow.map((sample) => sample.waves)),
    headingAt: median(slow.map((sample) => sample.headingAt)),
    lcp: median(slow.map((sample) => sample.lcp)),
    respondsAfterPaint: median(slow.map((sample) => sample.respondsAfterPaint)),
    lighthouse: median(audits.map((audit) => audit.score)),
    lighthouseFcp: median(audits.map((audit) => audit.fcp)),
    lighthouseLcp: median(audits.map((audit) => audit.lcp)),
    lighthouseCls: median(audits.map((audit) => audit.cls)),
  };
}

try {
  const rows = [];
  for (const route of routes) {
    rows.push({ route, composed: await measure(sites.composed + route), oneApp: await measure(sites.oneApp + route) });
    console.error(`measured ${route}`);
  }
  const report = performanceReport(rows, { slowRuns, lighthouseRuns, chromium: browser.version(), machineLoad });
  console.log(report);
  // The load benchmark's section (pnpm bench:load) stays.
  updatePerformanceDoc((document) => withPage(document, report));
} finally {
  await browser.close();
  await sites.stop();
}
