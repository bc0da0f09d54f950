// @ts-check
// The byte budget: what a cold visit of each route may download, as JS gzip, at most 5 % over
// the figure committed in byte-budget.json, in no more files than the benchmark's target.
// `npm test` runs it; `--update` writes today's figures.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellPort } from '../scripts/local-origins.mjs';
import { serveSite } from '../scripts/serve.mjs';
import { headlessChromium } from '@nova/tooling/chromium';
import { measureScripts } from './measure/visit.mjs';
import { routes } from './sites.mjs';
import { targets } from './report.mjs';

const budgetFile = join(import.meta.dirname, 'byte-budget.json');
const tolerance = 1.05;

const site = await serveSite({ log: () => {} });
const browser = await chromium.launch({ executablePath: headlessChromium(chromium.executablePath()) });
try {
  /** @type {Record<string, number>} */
  const measured = {};
  /** @type {Record<string, number>} */
  const requests = {};
  for (const route of routes) {
    const scripts = await measureScripts(browser, `http://localhost:${shellPort}${route}`);
    measured[route] = scripts.gzip;
    requests[route] = scripts.requests;
  }

  if (process.argv.includes('--update')) {
    writeFileSync(budgetFile, `${JSON.stringify(measured, null, 2)}\n`);
    console.log(`Byte budget written to ${budgetFile}.`);
  } else {
    /** @type {Record<string, number>} */
    const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
    const over = [];
    for (const route of routes) {
      const [bytes, allowed] = [measured[route] ?? 0, budget[route] ?? 0];
      const files = requests[route] ?? 0;
      const line = `${route.padEnd(24)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB gzip of JS in ${files} files, budget ${(allowed / 1024).toFixed(1)} KiB in ${targets.requests}`;
      console.log(line);
      if (bytes > allowed * tolerance || files > targets.requests) over.push(line);
    }
    if (over.length > 0) {
      console.error(
        `\nOver the byte budget by more than 5 %, or in too many files:\n${over.join('\n')}\n` +
          'Make the route lighter, or, if the growth is worth it, run `pnpm --filter bench budget --update` and commit byte-budget.json with the reason.',
      );
      process.exitCode = 1;
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
