// @ts-check
// Lighthouse's mobile performance audit (simulated slow 4G and a 4× slower CPU) of one page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * @param {string} url
 * @param {string | undefined} chromePath
 */
export async function lighthouseMobile(url, chromePath) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
    const { categories, audits } = result.lhr;
    const ms = (/** @type {string} */ id) => audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}
